import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';

/** GST returns: the month's GSTR-1 for the accountant. */

export const GST_NAMED = {
  Gstr1Summary: C.Gstr1Summary,
};

export const GST_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: C.API.admin.gstr1,
    summary:
      "A month's GSTR-1 from its invoices and credit notes: format=json (default) the GST offline tool's JSON, format=csv&table=b2b|b2cl|b2cs|cdnr|cdnur|hsn|hsn_b2b|hsn_b2c|docs one table as the tool's CSV template, format=summary the totals per table in paise; downloads audited",
    tag: 'GST returns',
    access: 'admin',
    query: C.Gstr1Query,
    responses: { 200: C.Gstr1Summary },
    errors: [400, 503],
  },
];
