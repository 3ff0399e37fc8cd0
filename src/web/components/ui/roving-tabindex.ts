import { type KeyboardEvent, useRef, useState } from 'react';

const NEXT = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp']);

export interface RovingItemProps {
  ref: (el: HTMLElement | null) => void;
  tabIndex: 0 | -1;
  onFocus: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A roving tab index over `count` items (a group of toggle buttons): the group is one Tab stop, on the item used last;
 * the arrow keys move between the items (round from the last to the first), Home and End to the first and last.
 * Space and Enter stay the items' own (a button toggles). Spread `itemProps(i)` on item i.
 */
export function useRovingTabIndex(count: number): (index: number) => RovingItemProps {
  const [current, setCurrent] = useState(0);
  const items = useRef<(HTMLElement | null)[]>([]);
  const active = count === 0 ? 0 : Math.min(current, count - 1);
  const move = (to: number) => {
    const index = (to + count) % count;
    setCurrent(index);
    items.current[index]?.focus();
  };
  return (index) => ({
    ref: (el) => {
      items.current[index] = el;
    },
    tabIndex: index === active ? 0 : -1,
    onFocus: () => setCurrent(index),
    onKeyDown: (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (NEXT.has(e.key)) move(index + 1);
      else if (PREVIOUS.has(e.key)) move(index - 1);
      else if (e.key === 'Home') move(0);
      else if (e.key === 'End') move(count - 1);
      else return;
      e.preventDefault();
    },
  });
}
