/**
 * The ref select, loaded with the first list or form that has a ref (most pages have none, and each
 * page's code stays within its budget). Until it is here, a disabled select of the same size stands in.
 */
import Select from 'antd/es/select';
import { type ComponentProps, lazy, Suspense } from 'react';

const RefSelectImpl = lazy(() => import('./ref-select.tsx'));

export function RefSelect(props: ComponentProps<typeof RefSelectImpl>) {
  return (
    <Suspense fallback={<Select disabled style={props.style ?? { width: '100%' }} />}>
      <RefSelectImpl {...props} />
    </Suspense>
  );
}
