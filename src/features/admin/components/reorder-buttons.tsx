import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { FormError } from '../../../components/notice.tsx';
import type { ActionLogic } from '../../../../machines/action.machine.ts';
import type { RowExtraProps } from '../tabs/resource-types.ts';

type Direction = 'up' | 'down';
type Moved = { path: string; direction: Direction } | null;

/**
 * Move up and Move down of a row in an ordered list (a program's modules, a module's lessons): each asks
 * the server for the row's new position (one before or after its place in the list shown) and, once it
 * agreed, the list is loaded again in its new order; a refusal keeps the order and shows the server's
 * sentence. The buttons are named with the row ("Move Python basics up"); after a move the keyboard focus
 * comes back to the moved row's button.
 */
export function reorderButtons<T extends { id: number }>(
  pathOf: (id: number) => string,
  nameOf: (item: T) => string,
): ComponentType<RowExtraProps<T>> {
  // Which row moved last, so that its buttons, drawn anew in the reloaded list, take the focus back.
  const memory: { current: Moved } = { current: null };
  return function ReorderButtons({ item, index, items, machines, onChanged }: RowExtraProps<T>) {
    const up = useRef<HTMLButtonElement>(null);
    const down = useRef<HTMLButtonElement>(null);
    const path = pathOf(item.id);
    const first = index === 0;
    const last = index === items.length - 1;
    useEffect(() => {
      const moved = memory.current;
      if (!moved || moved.path !== path) return;
      memory.current = null;
      const target = moved.direction === 'up' ? (first ? down : up) : last ? up : down;
      target.current?.focus();
    }, [path, first, last]);
    if (!machines?.reorderFor) return null;
    const reorderFor = machines.reorderFor;
    const moved = (direction: Direction) => () => {
      memory.current = { path, direction };
      onChanged();
    };
    const common = { name: nameOf(item) };
    return (
      <>
        <MoveButton
          key={`up-${index}`}
          {...common}
          direction="up"
          buttonRef={up}
          disabled={first}
          logic={() => reorderFor(path, index - 1, moved('up'))}
        />
        <MoveButton
          key={`down-${index}`}
          {...common}
          direction="down"
          buttonRef={down}
          disabled={last}
          logic={() => reorderFor(path, index + 1, moved('down'))}
        />
      </>
    );
  };
}

type MoveButtonProps = {
  name: string;
  direction: Direction;
  buttonRef: RefObject<HTMLButtonElement | null>;
  disabled: boolean;
  logic: () => ActionLogic<unknown>;
};

/** One move, its own action machine (the row is drawn anew, with new positions, after each move). */
function MoveButton({ name, direction, buttonRef, disabled, logic }: MoveButtonProps) {
  const [machine] = useState(logic);
  const [snapshot, send] = useMachine(machine, { input: { failureText: 'The new order could not be saved.' } });
  const busy = snapshot.hasTag('busy');
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-small btn-outline"
        disabled={disabled || busy}
        onClick={() => send({ type: 'action.run' })}
      >
        Move <span className="visually-hidden">{name}</span> {direction}
      </button>
      {snapshot.matches('failed') ? <FormError>{snapshot.context.error}</FormError> : null}
    </>
  );
}
