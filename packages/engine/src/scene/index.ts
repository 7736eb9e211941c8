export { ADE, classLabel, STRUCTURE_CLASSES } from './ade20k';
export type { SceneObject } from './objects';
export {
  parseFromLogits,
  parseRoom,
  SURFACE_NAMES,
  type ParseOptions,
  type RoomParse,
  type SurfaceName,
} from './room-parse';
