/** The resource registrar: see register.ts. */

export { neutralise } from './export.ts';
export { listPage, readRows } from './list-page.ts';
export {
  type BoundResource,
  bindResource,
  cappedTotal,
  orderOf,
  type Row,
  selectPage,
  setHas,
  whereOf,
} from './query.ts';
export { boundResource } from './refs.ts';
export { type CrudOptions, presenter, registerCrud } from './register.ts';
export { auditView, type Tx, type WriteHooks } from './writes.ts';
