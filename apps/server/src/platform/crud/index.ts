/** The resource registrar: see register.ts. */

export { neutralise } from './export.ts';
export {
  type BoundResource,
  bindResource,
  cappedTotal,
  orderOf,
  type Row,
  selectPage,
  whereOf,
} from './query.ts';
export { boundResource } from './refs.ts';
export { type CrudOptions, EXPORT_MAX_ROWS, presenter, registerCrud } from './register.ts';
export { auditView, type Tx, type WriteHooks } from './writes.ts';
