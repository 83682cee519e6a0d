import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { type ReactNode, useMemo, useRef } from 'react';

/**
 * A list reordered by drag (issue 11: @dnd-kit, keyboard-operable, announced). Each item has a
 * handle: a button that a pointer drags, or that Space picks up, the arrows move and Space drops;
 * dnd-kit's live region tells screen readers what happens. `describe` names an item in those
 * announcements and on its handle.
 */
export function SortableList<T>({
  items,
  idOf,
  describe,
  onMove,
  children,
  label,
  moveButtons = false,
}: {
  items: readonly T[];
  idOf: (item: T, index: number) => string;
  describe: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  children: (item: T, index: number, handle: ReactNode) => ReactNode;
  label: string;
  /** WCAG 2.5.7: Move up and Move down buttons beside the handle, so no one has to drag (issue 44 §8). */
  moveButtons?: boolean;
}) {
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const nameOf = (id: string | number) => {
    const index = ids.indexOf(String(id));
    const item = items[index];
    return item === undefined ? String(id) : describe(item, index);
  };
  const positionOf = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const onDragEnd = (event: DragEndEvent) => {
    const from = ids.indexOf(String(event.active.id));
    const to = event.over ? ids.indexOf(String(event.over.id)) : -1;
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move an item, press Space. Use the up and down arrows to move it, Space to drop it, Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over
              ? `${nameOf(active.id)} is now at position ${positionOf(over.id)} of ${ids.length}.`
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.`
              : `${nameOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="sortable-list" aria-label={label}>
          {items.map((item, index) => (
            <SortableItem
              key={ids[index]}
              id={ids[index] ?? String(index)}
              name={describe(item, index)}
              moves={moveButtons ? { index, count: items.length, onMove: onMoveRef } : undefined}
            >
              {(handle) => children(item, index, handle)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface ItemMoves {
  index: number;
  count: number;
  onMove: { current: (from: number, to: number) => void };
}

function SortableItem({
  id,
  name,
  moves,
  children,
}: {
  id: string;
  name: string;
  moves: ItemMoves | undefined;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const style = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  // The same element while its props stay the same: during a drag every item re-renders, and an
  // unchanged handle lets the item's content skip it (a 500-field form, bench/builder-screen.ts).
  const index = moves?.index ?? -1;
  const count = moves?.count ?? 0;
  const onMove = moves?.onMove;
  const handle = useMemo(() => {
    const drag = (
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        aria-label={`Move ${name}`}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
    );
    if (!onMove) return drag;
    return (
      <span className="sortable-moves">
        {drag}
        <button
          type="button"
          className="move-step"
          aria-label={`Move up ${name}`}
          disabled={index === 0}
          onClick={() => onMove.current(index, index - 1)}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="move-step"
          aria-label={`Move down ${name}`}
          disabled={index === count - 1}
          onClick={() => onMove.current(index, index + 1)}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </span>
    );
  }, [setActivatorNodeRef, name, attributes, listeners, onMove, index, count]);
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={isDragging ? 'sortable-item sortable-item--dragging' : 'sortable-item'}
    >
      {children(handle)}
    </li>
  );
}
