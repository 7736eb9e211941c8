import { useEffect, useRef, type PointerEvent } from 'react';
import { useMantineTheme } from '@mantine/core';
import { FILE_URL_PATTERN, MAX_SEGMENT_POINTS } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { getSegmentMask, getSurfaceMask } from '../api/actions';
import { reportActionError, useNotEnoughCredits } from '../hooks/use-action-error';
import {
  BRUSH_MAX,
  BRUSH_MIN,
  BRUSH_UNIT,
  brushWidth,
  toNatural,
  type Point,
  type Size,
} from '../model/mask';
import { useEditorStore } from '../store/editor-store';
import { useEditorPorts } from './editor-ports';
import { useMaskSurface } from './mask-surface-context';
import { clickLabel } from '../model/selection';
import { surfacesOf } from '../model/tools';
import {
  clearSurface,
  drawSegmentMask,
  maskSelects,
  paintSegment,
  surfacePainted,
  surfacePixels,
} from './mask-surface';
import classes from './tweak-design.module.css';

interface MaskCanvasProps {
  /** The work image's natural size: the canvas holds the mask at exactly this size. */
  natural: Size;
  /** The stored URL of the work image (automatic selection needs one), or a preview URL. */
  workImage: string;
}

/** Movement below this many CSS pixels is a click (automatic selection), not a stroke. */
const CLICK_SLOP = 4;

/** Whether an answer's request still stands (read after an await, when the tool may have changed). */
const live = (request: { live: boolean }): boolean => request.live;
/**
 * The mask overlay on the work image (spec §2 mask tools): manual selection paints with the brush
 * (add or erase), automatic selection sends the clicks to the segmenter and shows its mask.
 */
export function MaskCanvas({ natural, workImage }: MaskCanvasProps) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  // Spec §2: the brush overlay is the accent theme colour.
  const accent = theme.colors[theme.primaryColor]?.[6] ?? '#c8643b';
  const canvas = useMaskSurface();
  const stroke = useRef<{ last: Point; start: Point; moved: boolean } | null>(null);
  const cursor = useRef<HTMLSpanElement | null>(null);
  const mask = useEditorStore((state) => state.mask);
  const brushSize = useEditorStore((state) => state.tweak.brushSize);
  const setMask = useEditorStore((state) => state.setMask);
  const notEnoughCredits = useNotEnoughCredits();
  const { saveDesign } = useEditorPorts();
  const savedOnce = useRef(false);
  /** What was selected when the current run of clicks began (they add to it). */
  const before = useRef<Uint8ClampedArray | null>(null);

  // Clear, and every change of action, wipe the overlay.
  useEffect(() => {
    if (canvas.current) clearSurface(canvas.current);
    before.current = null;
  }, [canvas, mask.clears]);

  /**
   * Whether the work image is stored (the server's selection calls read stored images only).
   * Otherwise it saves the design once: the canvas comes back keyed by the stored URL and the
   * caller's effect runs again; a second time it gives up and leaves the brush.
   */
  const stored = (): boolean => {
    if (FILE_URL_PATTERN.test(workImage)) return true;
    if (savedOnce.current) {
      notify('warning', t('tweak.maskNeedsSaving'));
      useEditorStore.getState().setMask({ selection: 'manual', points: [] });
    } else {
      savedOnce.current = true;
      void saveDesign();
    }
    return false;
  };

  // Automatic selection: the clicks so far, sent as they change.
  const points = mask.points;
  const automatic = mask.selection === 'automatic';
  useEffect(() => {
    const surface = canvas.current;
    if (points.length === 0) before.current = null;
    if (!automatic || points.length === 0 || surface === null || !stored()) return;
    // A newer set of clicks supersedes this answer.
    const request = { live: true };
    void getSegmentMask({ image: workImage, points: points.slice(-MAX_SEGMENT_POINTS) })
      .then(async (maskUrl) => {
        if (!request.live) return;
        const painted = await drawSegmentMask(surface, maskUrl, accent, before.current);
        if (live(request)) useEditorStore.getState().setMask({ painted });
      })
      .catch((error: unknown) => reportActionError(error, notEnoughCredits));
    return () => {
      request.live = false;
    };
    // notEnoughCredits and stored are new functions each render; the request depends on the
    // clicks only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [automatic, points, workImage, accent, t]);

  // Wall paint's spaces (spec §2): the chosen surfaces of the room, by name, make the selection.
  const wallSpaces = useEditorStore((state) => state.inputs.wallSpaces);
  useEffect(() => {
    const surface = canvas.current;
    const surfaces = surfacesOf(wallSpaces);
    if (surfaces.length === 0 || surface === null || !stored()) return;
    const request = { live: true };
    void Promise.all(surfaces.map((name) => getSurfaceMask({ image: workImage, surface: name })))
      .then(async (maskUrls) => {
        if (!request.live) return;
        let painted = false;
        for (const [index, maskUrl] of maskUrls.entries()) {
          // Another tool (or other spaces) took over meanwhile: draw nothing of this answer.
          if (!live(request)) return;
          const kept = index === 0 ? null : surfacePixels(surface);
          painted = await drawSegmentMask(surface, maskUrl, accent, kept);
          // A space the photo does not show selects nothing: say so rather than stay silent.
          if (!(await maskSelects(maskUrl))) {
            notify(
              'warning',
              t('tweak.spaceNotShown', { space: (wallSpaces[index] ?? '').toLowerCase() }),
            );
          }
        }
        if (!live(request)) return;
        // Clicks from here on add to the surfaces.
        useEditorStore.getState().setMask({ painted, points: [] });
      })
      .catch((error: unknown) => reportActionError(error, notEnoughCredits));
    return () => {
      request.live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wallSpaces, workImage, accent, t]);

  const naturalPoint = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return toNatural({ x: event.clientX, y: event.clientY }, box, natural);
  };

  const paint = (event: PointerEvent<HTMLCanvasElement>, from: Point, to: Point) => {
    const box = event.currentTarget.getBoundingClientRect();
    paintSegment(event.currentTarget, {
      from,
      to,
      width: brushWidth(brushSize, box, natural),
      erase: mask.mode === 'erase',
      colour: accent,
    });
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = naturalPoint(event);
    stroke.current = { last: point, start: { x: event.clientX, y: event.clientY }, moved: false };
    if (!automatic) paint(event, point, point);
  };

  /** The brush's outline follows the pointer, at the size it paints (set directly: no render). */
  const moveCursor = (event: PointerEvent<HTMLCanvasElement>) => {
    const outline = cursor.current;
    if (outline === null) return;
    const box = event.currentTarget.getBoundingClientRect();
    outline.style.transform = `translate(${event.clientX - box.x}px, ${event.clientY - box.y}px)`;
    outline.style.visibility = 'visible';
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse') moveCursor(event);
    const current = stroke.current;
    if (current === null) return;
    const point = naturalPoint(event);
    const distance = Math.hypot(event.clientX - current.start.x, event.clientY - current.start.y);
    current.moved ||= distance > CLICK_SLOP;
    if (!automatic) paint(event, current.last, point);
    current.last = point;
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    stroke.current = null;
    if (current === null) return;
    if (!automatic) {
      setMask({ painted: mask.mode === 'add' || surfacePainted(event.currentTarget) });
      return;
    }
    if (current.moved) return;
    // The first click of a run keeps what is selected already: the clicks add to it.
    if (points.length === 0) before.current = surfacePixels(event.currentTarget);
    const { x, y } = naturalPoint(event);
    const label = clickLabel(event, mask.mode);
    setMask({ points: [...points, { x: Math.round(x), y: Math.round(y), label }] });
  };

  const diameter = Math.min(Math.max(Math.round(brushSize), BRUSH_MIN), BRUSH_MAX) * BRUSH_UNIT;
  return (
    <>
      <canvas
        ref={canvas}
        className={classes.mask}
        width={natural.width}
        height={natural.height}
        data-hidden={mask.hidden || undefined}
        data-mode={automatic ? 'automatic' : mask.mode}
        aria-label={t('tweak.mask')}
        role="img"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (stroke.current = null)}
        onPointerLeave={() => {
          if (cursor.current) cursor.current.style.visibility = 'hidden';
        }}
      />
      {automatic ? null : (
        <span
          ref={cursor}
          className={classes.brush}
          data-mode={mask.mode}
          style={{ width: diameter, height: diameter, margin: -diameter / 2 }}
          aria-hidden
        />
      )}
    </>
  );
}
