import { priorityNavMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';

/** Three links of 80, 90 and 100 px (gaps included) and a More button of 60 px. */
const widths = [80, 90, 100];
/** Room for every link: no More. */
export const roomForAll = { type: 'nav.measured', widths, available: 400, moreWidth: 60 } as const;
/** 250 px: all three (270) do not fit; More (60) + 80 + 90 = 230 does. */
export const roomForTwo = { type: 'nav.measured', widths, available: 250, moreWidth: 60 } as const;
/** 100 px: More alone; every link is behind it. */
export const roomForNone = { type: 'nav.measured', widths, available: 100, moreWidth: 60 } as const;
/** The phone menu: not a row, everything listed. */
export const notARow = { type: 'nav.measured', widths, available: Number.POSITIVE_INFINITY, moreWidth: 60 } as const;

export const priorityNavShown = new Map<unknown, number>([
  [roomForAll, 3],
  [roomForTwo, 2],
  [roomForNone, 0],
  [notARow, 3],
]);

export const priorityNavModel: MachineModel = {
  name: 'priority-nav',
  machine: priorityNavMachine,
  actors: [],
  appActions: [],
  events: [roomForAll, roomForTwo, roomForNone, notARow, { type: 'nav.toggle' }, { type: 'nav.close' }],
  stateKey: (snapshot) => ({ value: snapshot.value, shown: snapshot.context.shown }),
};
