/** Shapes shared by the engine's parts: rows, list answers and the overrides a page may pass. */
import type { FieldDef, ResourceDef } from '@payops/contracts/resource';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';

export type Row = Record<string, unknown>;

export interface Pager {
  page: number;
  pageSize: number;
  /** null when the request said withTotal: false (pages after the first). */
  total: number | null;
  totalCapped: boolean;
  /** The cursor of the next page (keyset), null on the last one. */
  nextCursor?: string | null;
}

export interface ListAnswer {
  list: Row[];
  pager: Pager;
}

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

export type Filters = Record<string, unknown>;

/** What a page's override receives to act on the list. */
export interface PageContext {
  def: ResourceDef;
  /** Reloads the current page of the list (and anything else keyed on the resource). */
  refresh: () => void;
  openEdit: (row: Row) => void;
}

/** The add/edit dialog's mode and, for edit, the row being edited. */
export type FormMode = { kind: 'add' } | { kind: 'edit'; row: Row };

/**
 * The parts a page may override while keeping the definition for everything else (architecture.md:
 * "A page that needs more keeps the definition and adds an override").
 */
export interface ResourceOverrides {
  /** An extra class of a row (e.g. `engine-row-alert`: a case past its deadline, highlighted). */
  rowClass?: (row: Row) => string | undefined;
  /** Cell renderers by field name (the definition's column title and sorting are kept). */
  cells?: Record<string, (value: unknown, row: Row) => ReactNode>;
  /**
   * Custom actions (by name) handled by the page, e.g. a dialog; without one, a custom action is a
   * POST of `{ id }` (row), `{ ids }` (batch) or `{}` (toolbar) to its path, after its confirmation.
   */
  actionHandlers?: Record<string, (rows: Row[], ctx: PageContext) => void>;
  /** Actions the page presents its own way (a switch instead of a toolbar button). */
  hiddenActions?: readonly string[];
  /** More buttons at the end of each row's actions. */
  extraRowActions?: (row: Row, ctx: PageContext) => ReactNode;
  /** More toolbar content (after add and export). */
  toolbarExtra?: (ctx: PageContext) => ReactNode;
  /** Above the table (a switch, a notice). */
  header?: (ctx: PageContext) => ReactNode;
  /** An extra section of the generated detail drawer (shown above its child lists). */
  detail?: (row: Row) => ReactNode;
  /**
   * Replaces the input of one search field (it gets the field's value and onChange like the engine's
   * own), e.g. a searchable select of names where the definition can only say "text".
   */
  filterInputs?: Record<string, () => ReactNode>;
  /** Replaces the input of one form field (antd Form.Item child). */
  formInputs?: Record<string, (mode: FormMode) => ReactNode>;
  /** More rules for a form field, after the definition's (e.g. the password policy). */
  extraRules?: Record<string, Rule[]>;
  /** Replaces the whole add/edit form's content; the dialog, rules and submit stay the engine's. */
  renderForm?: (mode: FormMode, fields: FieldDef[]) => ReactNode;
  /** Turns the form's values into the request body (built anew on each send, e.g. to encrypt). */
  toBody?: (values: Row, mode: FormMode) => Promise<Row> | Row;
  /** Turns a row into the form's initial values (edit). */
  toForm?: (row: Row) => Row;
  /** Width of the add/edit dialog. */
  formWidth?: number;
  /** Filters always in force on this page: not shown in the search form, not removable. */
  fixedFilters?: Filters;
  /**
   * Other lists a change on this one changes too, refreshed with it (a setting's edit may leave a
   * pending change; approving one changes the setting). Keep the array stable (a constant or memo).
   */
  alsoRefresh?: readonly ResourceDef[];
}
