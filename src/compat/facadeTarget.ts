import { rclnodejsLibModule } from '../client/rclnodejsLibModules.js';
import * as rclnodejs from './index.js';
import type { RclnodejsTarget } from './rclnodejsAlias.js';

/** What `rclnodejs` loads as in the simulation's own process: rclsim's rclnodejs-shaped module. */
export const facadeTarget: RclnodejsTarget = {
  exports: rclnodejs,
  url: new URL('./index.js', import.meta.url).href,
  lib: rclnodejsLibModule,
};
