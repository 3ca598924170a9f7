/**
 * antd's Dropdown, loaded on the first click instead of with the shell. The header's dropdowns (user
 * menu, language, size) open only on a click, so their code need not be in the first download
 * (performance.md: login + shell ≤ 200 KB gzip). Until then the trigger renders alone; the first click
 * loads the component and opens it. (The tab context menu uses antd's Dropdown directly: a menu opened
 * on a replayed right-click did not always land at the pointer.)
 */
import type { DropdownProps } from 'antd/es/dropdown/dropdown';
import { cloneElement, lazy, type MouseEvent, type ReactElement, Suspense, useState } from 'react';

// The component itself: the package entry also attaches Dropdown.Button, dragging Button in.
const loadDropdown = () => import('antd/es/dropdown/dropdown');
const Dropdown = lazy(loadDropdown);

type TriggerProps = {
  onClick?: (e: MouseEvent) => void;
  onMouseEnter?: (e: MouseEvent) => void;
};

export interface LazyDropdownProps {
  trigger: 'click'[];
  menu: NonNullable<DropdownProps['menu']>;
  children: ReactElement<TriggerProps>;
}

export function LazyDropdown({ trigger, menu, children }: LazyDropdownProps) {
  const [open, setOpen] = useState<boolean | null>(null);

  if (open === null) {
    return cloneElement(children, {
      onClick: (e: MouseEvent) => {
        children.props.onClick?.(e);
        setOpen(true);
      },
      // Start fetching when the pointer comes near, so the first open feels immediate.
      onMouseEnter: (e: MouseEvent) => {
        children.props.onMouseEnter?.(e);
        void loadDropdown();
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Dropdown
        trigger={trigger}
        open={open}
        onOpenChange={setOpen}
        menu={{
          ...menu,
          onClick: (info) => {
            menu.onClick?.(info);
            setOpen(false);
          },
        }}
      >
        {children}
      </Dropdown>
    </Suspense>
  );
}
