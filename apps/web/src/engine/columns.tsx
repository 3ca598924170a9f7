/**
 * Table columns from the definition's `list` fields. Sorting is the server's (only `sort` fields,
 * the whitelist of contracts' sortSchema); the table only shows which order is in force.
 */
import type { FieldDef, ResourceDef } from '@payops/contracts/resource';
import { listedFields } from '@payops/contracts/scope';
import type { ColumnType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { renderValue } from './cell-value.tsx';
import { ChoicesCell } from './choices-cell.tsx';
import { RefCell } from './ref-cell.tsx';
import type { ResourceOverrides, Row, SortState } from './types.ts';

/** Ids and hashes get a copy button: operators paste them into searches and chats all day. */
function isIdLike(def: ResourceDef, field: FieldDef): boolean {
  if (field.name === def.key && field.type !== 'string') return true;
  return /(?:Id|Hash)$/.test(field.name) || field.name === 'address';
}

export function buildColumns(
  def: ResourceDef,
  t: TFunction,
  hidden: readonly string[],
  sort: SortState | undefined,
  overrides: ResourceOverrides,
): ColumnType<Row>[] {
  return listedFields(def)
    .filter((f) => !hidden.includes(f.name))
    .map((field) => {
      const custom = overrides.cells?.[field.name];
      const idLike = isIdLike(def, field);
      return {
        key: field.name,
        dataIndex: field.name,
        title: t(field.label),
        ellipsis: field.type === 'text' || field.type === 'json',
        align: field.type === 'money' ? ('right' as const) : undefined,
        sorter: field.sort && !field.virtual ? true : undefined,
        sortOrder:
          sort?.field === field.name
            ? sort.order === 'asc'
              ? ('ascend' as const)
              : ('descend' as const)
            : null,
        render: (value: unknown, row: Row) => {
          if (custom) return custom(value, row);
          if (field.type === 'ref') return <RefCell field={field} row={row} />;
          if (field.choices) return <ChoicesCell field={field} row={row} />;
          return renderValue(field, value, t, idLike, row);
        },
      };
    });
}

/** The sort a table's sorter asks for (antd's onChange), or undefined when it asks for none. */
export function sortOfSorter<R>(sorter: SorterResult<R> | SorterResult<R>[]): SortState | undefined {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  return s?.order && s.columnKey
    ? { field: String(s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' }
    : undefined;
}
