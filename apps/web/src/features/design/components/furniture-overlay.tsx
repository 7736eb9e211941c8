import { useRef, useState, type PointerEvent } from 'react';
import { Tooltip, UnstyledButton } from '@mantine/core';
import type { SpaceElement } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import type { Point, Size } from '../model/mask';
import { useEditorStore } from '../store/editor-store';
import { elementOutline } from '../model/elements';
import classes from './tweak-design.module.css';

/** The centre of an element's box (spec §2: selection points sit there). */
export function boxCentre(box: readonly Point[]): Point {
  if (box.length === 0) return { x: 0, y: 0 };
  const xs = box.map(({ x }) => x);
  const ys = box.map(({ y }) => y);
  return {
    x: (Math.min(...xs) + Math.max(...xs)) / 2,
    y: (Math.min(...ys) + Math.max(...ys)) / 2,
  };
}

/**
 * The outline drawn for an element (spec §2: element outlines): `elementOutline`'s polygon or box,
 * with a box given by two corners drawn as its rectangle.
 */
export function outlineOf(element: SpaceElement): Point[] {
  const outline = elementOutline(element);
  if (outline.length >= 3 || outline.length === 0) return [...outline];
  const xs = outline.map(({ x }) => x);
  const ys = outline.map(({ y }) => y);
  const [left, right, top, bottom] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  return [
    { x: left, y: top },
    { x: right, y: top },
    { x: right, y: bottom },
    { x: left, y: bottom },
  ];
}

/** Keeps a dragged panel of `size` inside its parent of `bounds` (spec §2: confined to it). */
export function confine(position: Point, size: Size, bounds: Size): Point {
  return {
    x: Math.min(Math.max(position.x, 0), Math.max(bounds.width - size.width, 0)),
    y: Math.min(Math.max(position.y, 0), Math.max(bounds.height - size.height, 0)),
  };
}

interface FurnitureOverlayProps {
  elements: readonly SpaceElement[];
  natural: Size;
}

/**
 * Change furniture on the work image (spec §2): selectable element outlines, "Selection points"
 * at the boxes' centres with tooltips, and a draggable list of the elements sorted by label.
 * "Empty image" hides all three, leaving the photo bare.
 */
export function FurnitureOverlay({ elements, natural }: FurnitureOverlayProps) {
  const { t } = useTranslation();
  const selected = useEditorStore((state) => state.inputs.element);
  const pointsShown = useEditorStore((state) => state.selectionPoints);
  const setInputs = useEditorStore((state) => state.setInputs);
  // Spec §4: another element makes the option-load button available again.
  const choose = (index: number) =>
    setInputs({ element: selected === index ? null : index, replacement: null });

  if (!pointsShown) return null;
  return (
    <>
      <svg
        className={classes.outlines}
        viewBox={`0 0 ${natural.width} ${natural.height}`}
        preserveAspectRatio="none"
        aria-hidden
      >
        {elements.map((element, index) => (
          <polygon
            key={`${element.label}-${index}`}
            className={classes.outline}
            data-selected={selected === index || undefined}
            points={outlineOf(element)
              .map(({ x, y }) => `${x},${y}`)
              .join(' ')}
            onClick={() => choose(index)}
          />
        ))}
      </svg>
      {elements.map((element, index) => {
        const centre = boxCentre(element.box);
        return (
          <Tooltip
            key={`${element.label}-${index}`}
            label={element.label}
            position="bottom"
            offset={14}
            events={{ hover: true, focus: true, touch: true }}
            withArrow
          >
            <UnstyledButton
              className={classes.point}
              data-selected={selected === index || undefined}
              style={{
                left: `${(centre.x / natural.width) * 100}%`,
                top: `${(centre.y / natural.height) * 100}%`,
              }}
              aria-label={element.label}
              aria-pressed={selected === index}
              onClick={() => choose(index)}
            />
          </Tooltip>
        );
      })}
      <ElementList
        elements={elements}
        selected={selected}
        onChoose={choose}
        label={t('tweak.elements')}
      />
    </>
  );
}

function ElementList({
  elements,
  selected,
  onChoose,
  label,
}: {
  elements: readonly SpaceElement[];
  selected: number | null;
  onChoose: (index: number) => void;
  label: string;
}) {
  const panel = useRef<HTMLDivElement | null>(null);
  const [position, setPosition] = useState<Point>({ x: 12, y: 12 });
  const drag = useRef<{ from: Point; start: Point } | null>(null);
  // Sorted by label for the eye; each entry keeps its index in the design's list.
  const sorted = elements
    .map((element, index) => ({ element, index }))
    .sort((a, b) => a.element.label.localeCompare(b.element.label));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { from: { x: event.clientX, y: event.clientY }, start: position };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    const box = panel.current;
    const parent = box?.parentElement;
    if (current === null || !box || !parent) return;
    setPosition(
      confine(
        {
          x: current.start.x + event.clientX - current.from.x,
          y: current.start.y + event.clientY - current.from.y,
        },
        { width: box.offsetWidth, height: box.offsetHeight },
        { width: parent.clientWidth, height: parent.clientHeight },
      ),
    );
  };

  return (
    <div ref={panel} className={classes.elementList} style={{ left: position.x, top: position.y }}>
      <div
        className={classes.elementHandle}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
      >
        {label}
      </div>
      <ul aria-label={label}>
        {sorted.map(({ element, index }) => (
          <li key={`${element.label}-${index}`}>
            <UnstyledButton
              className={classes.elementEntry}
              aria-pressed={selected === index}
              onClick={() => onChoose(index)}
            >
              {element.label}
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </div>
  );
}
