import { useMachine } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import {
  INSTALMENT_PATHS,
  InstalmentPlan,
  InstalmentPlanInput,
  MESSAGES,
  type Program,
} from '../../../../contract/index.ts';
import { Badge } from '../../../components/badges.tsx';
import { SelectField } from '../../../components/field.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { formatINR } from '../../../utils/format.ts';
import { programsResource } from '../tabs/content-resources.tsx';
import type { AdminPanelProps, AdminPanelTab, AdminResource, FieldSpec } from '../tabs/resource-types.ts';
import { AdminTabPanel } from './admin-tab-panel.tsx';

/**
 * The Plans tab (decision record 054): choose a program, then list, add, edit (untick Active to deactivate)
 * and delete its instalment plans; the server refuses to delete a plan in use and says so. Each plan's total
 * is shown against the program's full price.
 */

const STEPS_HINT = 'Write each instalment on its own line as "amount in rupees, days after enrollment", e.g. 5000, 0.';
const LINE = /^\s*(\d{1,9})\s*,\s*(\d{1,4})\s*$/;

/** "5000, 0\n5000, 30" → the plan's instalments, checked by the contract's rules (one message, at the field). */
const StepsText = z.string().transform((text, ctx) => {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const matched = lines.map((line) => LINE.exec(line));
  if (matched.some((m) => m === null)) {
    ctx.addIssue({ code: 'custom', message: STEPS_HINT });
    return z.NEVER;
  }
  const steps = matched.map((m) => ({ amount: Number(m![1]), due_after_days: Number(m![2]) }));
  const checked = InstalmentPlanInput.shape.instalments.safeParse(steps);
  if (!checked.success) {
    ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? STEPS_HINT });
    return z.NEVER;
  }
  return checked.data;
});

const PlanForm = InstalmentPlanInput.extend({ instalments: StepsText });

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  {
    name: 'instalments',
    label: 'Instalments (one a line: amount in rupees, days after enrollment)',
    kind: 'textarea',
    required: true,
  },
  { name: 'is_active', label: 'Active (offered at checkout)', kind: 'checkbox' },
];

const stepsText = (plan: InstalmentPlan) => plan.instalments.map((s) => `${s.amount}, ${s.due_after_days}`).join('\n');
const stepsSummary = (plan: InstalmentPlan) =>
  plan.instalments
    .map((s) => `${formatINR(s.amount)} ${s.due_after_days === 0 ? 'at checkout' : `after ${s.due_after_days} days`}`)
    .join('; ');

/** "₹500 more than the full price ₹50,000" / "same as the full price". */
export function priceDifference(total: number, price: number): string {
  if (total === price) return `Same as the full price ${formatINR(price)}`;
  const more = total > price;
  return `${formatINR(more ? total - price : price - total)} ${more ? 'more' : 'less'} than the full price ${formatINR(price)}`;
}

/** One program's plans as a tab of the resource framework (its list and its dialogs). */
export function plansResourceFor(program: Pick<Program, 'id' | 'title' | 'price'>): AdminResource<InstalmentPlan> {
  return {
    key: `plans-${program.id}`,
    label: `Plans for ${program.title}`,
    singular: 'Plan',
    item: InstalmentPlan,
    listPath: INSTALMENT_PATHS.adminProgramPlans(program.id),
    listQuery: {},
    columns: [
      { label: 'Name', render: (p) => p.name },
      { label: 'Instalments', render: stepsSummary },
      { label: 'Total', render: (p) => formatINR(p.total) },
      { label: 'Against full price', render: (p) => priceDifference(p.total, program.price) },
      {
        label: 'State',
        render: (p) => (p.is_active ? <Badge colour="green">Active</Badge> : <Badge colour="grey">Inactive</Badge>),
      },
    ],
    details: (p) => [
      ['Program', program.title],
      ['Name', p.name],
      ['Instalments', stepsSummary(p)],
      ['Total', formatINR(p.total)],
      ['Against full price', priceDifference(p.total, program.price)],
      ['State', p.is_active ? 'Active' : 'Inactive'],
    ],
    form: {
      fields: FIELDS,
      schema: PlanForm,
      empty: { name: '', instalments: '', is_active: true },
      toValues: (p) => ({ name: p.name, instalments: stepsText(p), is_active: p.is_active }),
      createPath: INSTALMENT_PATHS.adminProgramPlans(program.id),
      updatePath: (id) => INSTALMENT_PATHS.adminPlan(id),
      removePath: (id) => INSTALMENT_PATHS.adminPlan(id),
      edit: { fields: FIELDS, schema: PlanForm, method: 'PATCH' },
    },
  };
}

/** The program choice, then that program's plans. */
export function PlansPanel({ machines }: AdminPanelProps) {
  const programsLogic = useMemo(() => machines.listFor(programsResource as unknown as AdminResource), [machines]);
  const [programs, sendPrograms] = useMachine(programsLogic, {
    input: { failureText: MESSAGES.adminLoadFailed, params: {} },
  });
  const [chosen, setChosen] = useState('');
  const list = programs.context.items as Program[];
  const program = list.find((p) => String(p.id) === chosen) ?? null;
  const resource = useMemo(() => (program ? (plansResourceFor(program) as unknown as AdminResource) : null), [program]);
  const onSaved = useCallback(() => undefined, []);

  return (
    <section aria-label="Instalment plans">
      <ListStatus
        loading={programs.matches('loading')}
        error={programs.matches('failed') ? programs.context.error : null}
        onRetry={() => sendPrograms({ type: 'list.retry' })}
        empty={list.length === 0}
        emptyText="No programs yet."
      >
        <SelectField
          label="Program"
          value={chosen}
          placeholder="Choose a program"
          options={list.map((p) => ({ value: String(p.id), label: `${p.title} (${formatINR(p.price)})` }))}
          onChange={(e) => setChosen(e.target.value)}
        />
        {programs.context.next !== null ? (
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => sendPrograms({ type: 'list.loadMore' })}
            disabled={programs.matches({ loaded: 'loadingMore' })}
          >
            More programs
          </button>
        ) : null}
      </ListStatus>
      {resource ? <AdminTabPanel key={resource.key} resource={resource} machines={machines} onSaved={onSaved} /> : null}
    </section>
  );
}

export const plansTab: AdminPanelTab = { key: 'plans', label: 'Plans', panel: PlansPanel };
