/**
 * A ref value in a cell or a detail: the referenced record's label (the server sends it as
 * `<field>Label`), linking to that record: its page filtered to it with its detail drawer open.
 */
import { REPORT_NONE_KEY } from '@payops/contracts/report';
import { type FieldDef, refLabelKey, refPageResource } from '@payops/contracts/resource';
import { Link } from 'react-router';
import { useResourceDef } from './resource-registry.ts';
import type { Row } from './types.ts';
import { recordPath } from './url-filters.ts';

export function RefCell({ field, row }: { field: FieldDef; row: Row }) {
  const target = useResourceDef(field.ref && refPageResource(field.ref, row, field.name));
  const id = row[field.name];
  if (id === null || id === undefined || id === '') return <span className="engine-blank">-</span>;
  const label = row[refLabelKey(field.name)];
  // A report rollup's "none" (an order without a passage): its label, and nothing to link to.
  if (id === REPORT_NONE_KEY) return <span className="engine-blank">{label ? String(label) : '-'}</span>;
  const text = label === null || label === undefined || label === '' ? String(id) : String(label);
  if (!target) return <span data-ref={String(id)}>{text}</span>;
  return (
    <Link
      to={recordPath(target, id)}
      title={`${text} (${String(id)})`}
      onClick={(e) => e.stopPropagation()}
      data-testid={`ref-${field.name}`}
      data-ref={String(id)}
    >
      {text}
    </Link>
  );
}
