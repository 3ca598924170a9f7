/**
 * The operation-log row's own section of the generated detail drawer: the change diff (the drawer
 * shows the row's fields itself).
 */
import type { Row } from '../../engine/types.ts';
import { ChangeDiff } from './change-diff.tsx';

export default function OpearlogDetail({ row }: { row: Row }) {
  return <ChangeDiff detail={row.detail} />;
}
