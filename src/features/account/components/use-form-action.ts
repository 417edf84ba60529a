import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountMachines } from '../types.ts';

/**
 * A form's submission through an action machine (machines/action.machine.ts): busy while it runs, the
 * server's words when it fails, `done` once it succeeded. `run` is read when the form is submitted, so it
 * sees the values typed last.
 */
export function useFormAction<T>(machines: AccountMachines, run: () => Promise<T>) {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  // eslint-disable-next-line react-hooks/refs -- read when the form is submitted, never during render
  const [logic] = useState(() => machines.actionOf(() => latest.current()));
  const [snapshot, send] = useMachine(logic, { input: {} });
  // One function for the component's life: an effect that runs it (the email section loads the address
  // with it) runs once, not after every render; a new function each render made it fetch in a loop.
  const submit = useCallback(() => send({ type: 'action.run' }), [send]);
  return {
    busy: snapshot.hasTag('busy'),
    done: snapshot.matches('done'),
    error: snapshot.matches('failed') ? snapshot.context.error : null,
    output: snapshot.context.output,
    submit,
  };
}
