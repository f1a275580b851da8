import type { SetParametersResult } from '../../ros/NodeParameters.js';
import { type Parameter, ParameterDescriptor } from '../../ros/Parameter.js';
import {
  type Outgoing,
  PARAMETER,
  PARAMETER_DESCRIPTORS,
  SET_PARAMETERS_ATOMICALLY_RESULT,
  SET_PARAMETERS_RESULT,
  SET_PARAMETERS_RESULTS,
  type ToClient,
} from '../wire/nodeMessages.js';
import { OutOfProtocol } from '../wire/OutOfProtocol.js';
import { PARAMETER_HOOK } from '../wireNames.js';
import { type Handlers, json, type ServedProgram } from './ServedProgram.js';

/** The parameters section's requests (ParameterOp): rcl_interfaces messages in CDR both ways. */
export function parameterHandlers(program: ServedProgram): Handlers<'parameters'> {
  const { port, cdr } = program;
  const parameterOut = (parameter: Parameter): Outgoing<ToClient> => ({ answer: { cdr: cdr.encode(PARAMETER, parameter.toParameterMessage()) } });
  const listOut = (parameters: readonly Parameter[]): Outgoing<ToClient> => ({ answer: { cdr: cdr.encodeParameters(parameters) } });
  return {
    parameter: (op) => {
      const node = op.node;
      if (op.declare !== undefined) {
        const { declare } = op;
        const descriptors = (cdr.decode(PARAMETER_DESCRIPTORS, declare.descriptors).descriptors as Record<string, unknown>[]).map((d) =>
          ParameterDescriptor.fromMessage(d),
        );
        return listOut(port.declareParameters(node, cdr.decodeParameters(declare.parameters), descriptors, declare.ignoreOverrides));
      }
      if (op.get !== undefined) return parameterOut(port.getParameter(node, op.get));
      if (op.set !== undefined) {
        const results = port.setParameters(node, cdr.decodeParameters(op.set.parameters), op.set.atomically);
        const answer = op.set.atomically
          ? cdr.encode(SET_PARAMETERS_ATOMICALLY_RESULT, { result: results[0] })
          : cdr.encode(SET_PARAMETERS_RESULTS, { results });
        return { answer: { cdr: answer } };
      }
      if (op.undeclare !== undefined) {
        port.undeclareParameter(node, op.undeclare);
        return json(null);
      }
      if (op.hook !== undefined) {
        const hook = op.hook;
        if (hook === 'PARAMETER_HOOK_UNSPECIFIED') throw new OutOfProtocol('hooked no kind of parameter callbacks');
        port.hookParameters(node, PARAMETER_HOOK.fromWire[hook], (parameters) => {
          const { result } = program.run({ kind: 'PARAMETERS', entity: node, parameterHook: hook, input: cdr.encodeParameters(parameters) });
          if (hook === 'ON_SET') return cdr.decode(SET_PARAMETERS_RESULT, result) as unknown as SetParametersResult;
          // A pre-set callback that returned no list: what refuses the change here too.
          if (hook === 'PRE_SET') return result.length === 0 ? null : cdr.decodeParameters(result);
          return undefined;
        });
        return json(null);
      }
      const { what, names } = op.read!;
      switch (what) {
        case 'VALUES':
          return listOut(port.getParameters(node, names));
        case 'NAMES':
          return json(port.parameterNames(node));
        case 'DESCRIPTORS':
          return { answer: { cdr: cdr.encode(PARAMETER_DESCRIPTORS, { descriptors: port.parameterDescriptors(node, names).map((d) => d.toMessage()) }) } };
        case 'HAS':
          return json(port.hasParameter(node, names[0] ?? ''));
        case 'HAS_DESCRIPTOR':
          return json(port.hasParameterDescriptor(node, names[0] ?? ''));
        case 'OVERRIDES':
          return { answer: { cdr: cdr.encodeParameters(port.parameterOverrides(node)), json: JSON.stringify(port.parameterOverrideSources(node)) } };
        default:
          throw new OutOfProtocol(`asked to read ${what} of parameters`);
      }
    },
  };
}
