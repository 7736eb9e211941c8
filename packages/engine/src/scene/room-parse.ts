/**
 * The room parse: what the engine knows about the room in a photo — which pixels are wall (and
 * which wall), floor, ceiling, window, door, rug or furniture, at full resolution with edges on
 * the photo's own edges — from one run of the ADE20K segmentation network. Every op that needs
 * a surface reads it here instead of guessing on its own (ARCHITECTURE §6).
 */
import { estimateRoomCamera, type RoomCamera } from '../geometry/room-camera';
import type { SegmentationModel } from '../models/segmentation-model';
import type { Mask, Raster } from '../raster';
import type { DetectedElement } from '../types';
import { ADE } from './ade20k';
import { takeDoorFramesFromWall } from './door-frames';
import { completeFlatObjects } from './flat-objects';
import { findObjects, type SceneObject } from './objects';
import { splitSharedSeats } from './seats';
import { classMatte, refineLabels } from './refine';
import { ceilingUnderWallLine } from './ceiling-under-wall-line';
import { ceilingAboveEdge, ceilingInWall, ceilingOverWall } from './wall-above-ceiling';
import { doubtWalls } from './wall-doubt';
import { runnerUpBoxes, takeOccludersFromWall } from './wall-occluders';
import { snapWallRim } from './wall-rim';
import {
  boundaryLines,
  splitWalls,
  PLANE_FRONT,
  PLANE_LEFT,
  PLANE_NONE,
  PLANE_RIGHT,
} from './wall-planes';

export type { SceneObject } from './objects';

export type SurfaceName = 'floor' | 'ceiling' | 'wall-left' | 'wall-front' | 'wall-right' | 'walls';

export const SURFACE_NAMES: readonly SurfaceName[] = [
  'floor',
  'ceiling',
  'wall-left',
  'wall-front',
  'wall-right',
  'walls',
];

export interface RoomParse {
  width: number;
  height: number;
  /** Per pixel ADE20K class id at full resolution, edges refined (0 = other). */
  labels: Uint8Array;
  /** Per pixel 0..255 confidence of the winning class. */
  confidence: Uint8Array;
  /** Per pixel: 0 not wall, 1 left, 2 front, 3 right. */
  wallPlanes: Uint8Array;
  /** Visible pixels of that surface only (occluders excluded). */
  surface(name: SurfaceName): Mask;
  /**
   * The surface as a soft matte 0–255: 255 inside, 0 outside, fractional in the boundary band
   * where the refinement found the pixel mixed (for edge-aware blending).
   */
  surfaceAlpha(name: SurfaceName | 'rug'): Uint8Array;
  classMask(classIds: readonly number[]): Mask;
  /** Furniture/decor instances (connected components per class, merged sensibly). */
  readonly objects: SceneObject[];
  /** Row of the wall–floor boundary per image column (NaN where none is visible). */
  wallFloorLine: Float32Array;
  /** The camera the walls were split with. */
  camera: RoomCamera;
  /**
   * The network's own probability (0–1) of a class at a photo pixel, read off its coarse grid
   * (nearest cell): weak evidence the labels lose, e.g. the rug share of a rug it called floor.
   */
  classShare?(cls: number): (x: number, y: number) => number;
}

export interface ParseOptions {
  /** The loaded segmentation model (models/segmentation-model.ts). */
  model: SegmentationModel;
  /** The room camera, when the caller has it; else estimated here. */
  camera?: RoomCamera;
  /**
   * The detector's boxes for this photo, when the caller ran it: furniture inside a box takes
   * back what the network called wall (scene/wall-occluders.ts).
   */
  detections?: readonly DetectedElement[];
}

/** Classes whose soft matte the parse keeps. */
const SOFT_CLASSES = [ADE.wall, ADE.floor, ADE.ceiling, ADE.rug] as const;

const PLANE_OF: Partial<Record<SurfaceName, number>> = {
  'wall-left': PLANE_LEFT,
  'wall-front': PLANE_FRONT,
  'wall-right': PLANE_RIGHT,
};

export async function parseRoom(image: Raster, options: ParseOptions): Promise<RoomParse> {
  const logits = await options.model.run(image);
  return parseFromLogits(
    image,
    logits,
    options.camera ?? estimateRoomCamera(image),
    options.detections ?? [],
  );
}

/** The parse from the network's output (split out so benches can time the stages). */
export function parseFromLogits(
  image: Raster,
  logits: Awaited<ReturnType<SegmentationModel['run']>>,
  camera: RoomCamera,
  detections: readonly DetectedElement[] = [],
): RoomParse {
  const { width, height } = image;
  const n = width * height;
  const doubted = doubtWalls(logits);
  const { labels, confidence, soft, band } = refineLabels(
    image,
    // Doors, headboards, cabinet fronts and pale ceilings the network half-reads as wall.
    doubted,
    SOFT_CLASSES,
  );
  // The wall's rim onto the photo's edge where an object is close to the wall's colour.
  snapWallRim(image, labels, band);
  completeFlatObjects(labels, width, height, Math.round(n * 0.001));
  // Headboards, fridges, vanities, doors and cabinet fronts the network still reads as wall:
  // the detector's boxes and the network's own door/cabinet runner-up, confirmed by the edges
  // that shut them off from the wall round them.
  takeOccludersFromWall(image, labels, [...detections, ...runnerUpBoxes(doubted, width, height)]);
  // Doors close to the wall's colour, found by their frames.
  takeDoorFramesFromWall(image, labels);
  // Mattes are built on first use (floors want the floor's, paint the walls'), then kept.
  const mattes = new Map<number, Uint8Array>();
  const matteOf = (cls: number): Uint8Array => {
    let matte = mattes.get(cls);
    if (!matte) {
      matte = classMatte(labels, band, soft.get(cls) ?? new Uint8Array(n), cls, width, height);
      mattes.set(cls, matte);
    }
    return matte;
  };
  // "Ceiling" inside a wall (a shaded patch of it) is wall: before the lines, which it would bend.
  ceilingInWall(labels, width, height);
  const lines = boundaryLines(labels, width, height, ADE.wall, [ADE.floor, ADE.rug], ADE.ceiling);
  const walls = splitWalls(labels, width, height, ADE.wall, lines, camera);
  // Wall the network found above a stretch of ceiling (between beams, a vaulted ceiling's far
  // side) is the ceiling. After the split: the planes stay as the network's lines put them.
  // And the ceiling the network read as wall at the photo's top, parted from the wall under it by
  // a straight edge (a soffit's underside, a bulkhead) where no ceiling shows over the wall.
  const tilt = Math.tan(camera.rollRad);
  const horizonAt = (x: number) => camera.horizonY + (x - camera.intrinsics[2]) * tilt;
  const overWall = ceilingOverWall(labels, width, height);
  if (overWall + ceilingAboveEdge(image, labels, horizonAt) > 0) {
    for (let i = 0; i < n; i++) if (labels[i] !== ADE.wall) walls.planes[i] = PLANE_NONE;
  }
  // "Ceiling" apart from the room's ceiling, wholly under the line along which that ceiling meets
  // a wall, is the wall's upper part (above wall units at the photo's top corner).
  ceilingUnderWallLine(labels, walls.planes, width, height);
  let objects: SceneObject[] | undefined;

  const classMask = (classIds: readonly number[]): Mask => {
    const set = new Uint8Array(256);
    for (const c of classIds) set[c] = 1;
    const data = new Uint8Array(n);
    for (let i = 0; i < n; i++) data[i] = set[labels[i] ?? 0] ?? 0;
    return { width, height, data };
  };
  const surface = (name: SurfaceName): Mask => {
    switch (name) {
      case 'floor':
        return classMask([ADE.floor]);
      case 'ceiling':
        return classMask([ADE.ceiling]);
      case 'walls':
        return classMask([ADE.wall]);
      default: {
        const plane = PLANE_OF[name] ?? 0;
        const data = new Uint8Array(n);
        for (let i = 0; i < n; i++) data[i] = walls.planes[i] === plane ? 1 : 0;
        return { width, height, data };
      }
    }
  };
  const surfaceAlpha = (name: SurfaceName | 'rug'): Uint8Array => {
    const of = matteOf;
    switch (name) {
      case 'floor':
        return of(ADE.floor);
      case 'ceiling':
        return of(ADE.ceiling);
      case 'rug':
        return of(ADE.rug);
      case 'walls':
        return of(ADE.wall);
      default: {
        const plane = PLANE_OF[name] ?? 0;
        const wall = of(ADE.wall);
        const out = new Uint8Array(n);
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const i = y * width + x;
            const a = wall[i] ?? 0;
            if (a === 0) continue;
            const p = walls.planes[i] || walls.planeAt(x, y);
            if (p === plane) out[i] = a;
          }
        }
        return out;
      }
    }
  };
  return {
    width,
    height,
    labels,
    confidence,
    wallPlanes: walls.planes,
    surface,
    surfaceAlpha,
    classMask,
    // Found on first read: floors and paint never ask for them.
    get objects(): SceneObject[] {
      // One chair one object, where the detector's boxes part chairs the network joined.
      return (objects ??= splitSharedSeats(
        findObjects(labels, width, height),
        detections,
        width,
        height,
      ));
    },
    wallFloorLine: lines.wallFloor,
    camera,
    classShare: (cls) => coarseShare(logits, cls, width, height),
  };
}

/** One class's softmax share over the network's grid, looked up by photo pixel (nearest cell). */
function coarseShare(
  logits: Awaited<ReturnType<SegmentationModel['run']>>,
  cls: number,
  width: number,
  height: number,
): (x: number, y: number) => number {
  const { data, classes, grid, validWidth, validHeight } = logits;
  const plane = grid * grid;
  const share = new Float32Array(plane);
  const gw = Math.min(grid, Math.ceil(validWidth) + 1);
  const gh = Math.min(grid, Math.ceil(validHeight) + 1);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const cell = y * grid + x;
      let max = -Infinity;
      for (let c = 0; c < classes; c++) max = Math.max(max, data[c * plane + cell] ?? 0);
      let sum = 0;
      for (let c = 0; c < classes; c++) sum += Math.exp((data[c * plane + cell] ?? 0) - max);
      share[cell] = Math.exp((data[cls * plane + cell] ?? 0) - max) / sum;
    }
  }
  const sx = validWidth / Math.max(1, width - 1);
  const sy = validHeight / Math.max(1, height - 1);
  return (x, y) => {
    const cx = Math.min(gw - 1, Math.max(0, Math.round(x * sx)));
    const cy = Math.min(gh - 1, Math.max(0, Math.round(y * sy)));
    return share[cy * grid + cx] ?? 0;
  };
}
