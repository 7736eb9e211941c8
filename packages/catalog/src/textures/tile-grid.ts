/** Where a point falls in a grid of equal tiles or bricks, with optional stagger per row. */
export interface GridCell {
  /** Column and row, wrapped into the tile so equal cells across the seam share an identity. */
  column: number;
  row: number;
  /** Position inside the cell from its top-left corner, in cm. */
  x: number;
  y: number;
  /** Distance to the nearest cell edge, in cm (joints are centred on edges). */
  edge: number;
}

export interface GridLayout {
  columns: number;
  rows: number;
  tileSizeCm: number;
  /** Horizontal shift per row as a fraction of a cell: 0.5 is stretcher bond. */
  rowOffset?: number;
}

/**
 * The grid is shifted by a fraction of a cell so no joint lies on the image edge: a joint there
 * would put a shading step exactly on the wrap, where it is indistinguishable from a seam.
 */
const PHASE_X = 0.37;
const PHASE_Y = 0.41;

export function gridCell(uTile: number, vTile: number, layout: GridLayout): GridCell {
  const { columns, rows, tileSizeCm } = layout;
  const u = uTile + PHASE_X / columns;
  const v = vTile + PHASE_Y / rows;
  const cellWidth = tileSizeCm / columns;
  const cellHeight = tileSizeCm / rows;
  const rowRaw = Math.floor(v * rows);
  const row = ((rowRaw % rows) + rows) % rows;
  const shifted = u * columns - (layout.rowOffset ?? 0) * row;
  const columnRaw = Math.floor(shifted);
  const column = ((columnRaw % columns) + columns) % columns;
  const x = (shifted - columnRaw) * cellWidth;
  const y = (v * rows - rowRaw) * cellHeight;
  const edge = Math.min(x, cellWidth - x, y, cellHeight - y);
  return { column, row, x, y, edge };
}
