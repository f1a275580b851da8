import { positionOf, touchedBy } from '../../world/groundTruth.js';
import type { SimulatedWorld } from '../../world/SimulatedWorld.js';
import type { WorldFacts } from '../checkExpression.js';

/** What checks read of the world, as it is now. */
export function worldFacts(world: SimulatedWorld): WorldFacts {
  return { position: (model) => positionOf(world, model), touched: (model) => touchedBy(world, model) };
}

/** The models a check names as the world has them, for its failure: `rover at (3.812, 0.000), touching walls::walls::east`. */
export function describeModels(models: readonly string[], view: WorldFacts): string {
  return models
    .map((model) => {
      const position = view.position(model);
      if (position === undefined) return `no model '${model}' in the world`;
      const touched = [...new Set(view.touched(model))];
      return `${model} at (${millimetres(position.x)}, ${millimetres(position.y)})${touched.length === 0 ? '' : `, touching ${touched.join(', ')}`}`;
    })
    .join('; ');
}

/** Metres to the millimetre, without a sign on what rounds to 0 (-0.0001 is 0.000, not -0.000). */
function millimetres(metres: number): string {
  return (Math.abs(metres) < 0.0005 ? 0 : metres).toFixed(3);
}
