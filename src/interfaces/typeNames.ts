/**
 * How rclnodejs programs name an interface type: 'pkg/msg/Name', 'pkg/Name', an object
 * {package, type, name}, or a generated class with a static `type()`. All become 'pkg/kind/Name'.
 */
export type TypeClass = string | { package: string; type: string; name: string } | { type(): { pkgName: string; subFolder?: string; interfaceName: string } };

export type InterfaceKind = 'msg' | 'srv' | 'action';

const PART = /^[A-Za-z][A-Za-z0-9_]*$/;

export function interfaceTypeName(typeClass: TypeClass, kind: InterfaceKind): string {
  let pkg: string;
  let sub: string;
  let name: string;
  if (typeof typeClass === 'string') {
    const parts = typeClass.split('/');
    if (parts.length === 2) [pkg, sub, name] = [parts[0]!, kind, parts[1]!];
    else if (parts.length === 3) [pkg, sub, name] = [parts[0]!, parts[1]!, parts[2]!];
    else throw new TypeError(`invalid ${kind} type '${typeClass}': expected 'package/${kind}/Name'`);
  } else if (typeClass && typeof typeClass === 'object' && 'package' in typeClass) {
    [pkg, sub, name] = [typeClass.package, typeClass.type, typeClass.name];
  } else if (typeClass && typeof (typeClass as { type?: unknown }).type === 'function') {
    const t = (typeClass as { type(): { pkgName: string; subFolder?: string; interfaceName: string } }).type();
    [pkg, sub, name] = [t.pkgName, t.subFolder ?? kind, t.interfaceName];
  } else {
    throw new TypeError(`invalid ${kind} type: ${String(typeClass)}`);
  }
  const full = `${pkg}/${sub}/${name}`;
  // Parts of services and actions are messages too (e.g. an action's `_FeedbackMessage` topic).
  const isPart = kind === 'msg' && (sub === 'srv' || sub === 'action') && /_(Request|Response|Event|Goal|Result|Feedback|FeedbackMessage)$/.test(name);
  // …and an action's protocol services are services.
  const isActionService = kind === 'srv' && sub === 'action' && /_(SendGoal|GetResult)$/.test(name);
  if (!PART.test(pkg) || !PART.test(name) || (sub !== kind && !isPart && !isActionService)) {
    throw new TypeError(`invalid ${kind} type '${full}': expected 'package/${kind}/Name'`);
  }
  return full;
}
