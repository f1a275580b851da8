import { attribute, childrenNamed, firstChild, type XmlElement } from '../../base/xmlReader.js';
import { type ColladaDocument, numbersIn } from './ColladaDocument.js';

export type Rgba = readonly [number, number, number, number];

/** gz-common's Material before a file sets it (graphics/src/Material.cc). */
export const DEFAULT_DIFFUSE: Rgba = [0.5, 0.5, 0.5, 1];
/** What gz-common's ColladaLoader makes a textured diffuse (LoadColorOrTexture: white, the texture being the colour). */
const TEXTURED: Rgba = [1, 1, 1, 1];

/** An `<instance_geometry>`'s `<bind_material>`: each material symbol its primitives use, to the material it binds. */
export function materialBindings(instance: XmlElement): Map<string, XmlElement> {
  const bindings = new Map<string, XmlElement>();
  for (const bind of childrenNamed(instance, 'bind_material'))
    for (const technique of childrenNamed(bind, 'technique_common'))
      for (const material of childrenNamed(technique, 'instance_material')) {
        const symbol = attribute(material, 'symbol');
        if (symbol !== undefined) bindings.set(symbol, material);
      }
  return bindings;
}

/**
 * The diffuse colour of a primitive's `material` symbol, as gz-common's ColladaLoader reads it
 * (LoadMaterial): the bound material (or the symbol as a material's id), its effect's
 * profile_COMMON technique's lambert, phong or blinn (the first there, in that order), its
 * `<diffuse><color>` (alpha 1 when left out), or white for a texture; the default elsewhere.
 * Each material is read once.
 */
export class ColladaMaterials {
  readonly #document: ColladaDocument;
  readonly #byMaterial = new Map<XmlElement, Rgba>();

  constructor(document: ColladaDocument) {
    this.#document = document;
  }

  diffuse(primitive: XmlElement, bindings: Map<string, XmlElement>): Rgba {
    const symbol = attribute(primitive, 'material');
    if (symbol === undefined) return DEFAULT_DIFFUSE;
    const binding = bindings.get(symbol);
    // Unbound, the symbol itself is looked up as a material's id, as gz-common does.
    const material = binding !== undefined ? this.#document.target(binding, 'target', 'material') : this.#document.element(symbol);
    if (material?.name !== 'material') return DEFAULT_DIFFUSE;
    let diffuse = this.#byMaterial.get(material);
    if (diffuse === undefined) this.#byMaterial.set(material, (diffuse = this.#read(material)));
    return diffuse;
  }

  #read(material: XmlElement): Rgba {
    const instance = firstChild(material, 'instance_effect');
    if (instance === undefined) return DEFAULT_DIFFUSE;
    const effect = this.#document.target(instance, 'url', 'effect');
    const common = firstChild(effect, 'profile_COMMON');
    const technique = common && firstChild(common, 'technique');
    const shading = technique && (firstChild(technique, 'lambert') ?? firstChild(technique, 'phong') ?? firstChild(technique, 'blinn'));
    const diffuse = shading && firstChild(shading, 'diffuse');
    if (diffuse === undefined) return DEFAULT_DIFFUSE;
    const color = firstChild(diffuse, 'color');
    if (color === undefined) return firstChild(diffuse, 'texture') !== undefined ? TEXTURED : DEFAULT_DIFFUSE;
    const [r = 0, g = 0, b = 0, a = 1] = numbersIn(color);
    return [Math.fround(r), Math.fround(g), Math.fround(b), Math.fround(a)];
  }
}
