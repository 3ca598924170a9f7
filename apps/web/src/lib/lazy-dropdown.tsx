/**
 * antd's Dropdown, loaded on the first click (or right-click) instead of with the shell. Every
 * dropdown of the frame (user menu, language, size, tab context menu) opens only on interaction, so
 * its code need not be in the first download (performance.md: login + shell ≤ 200 KB gzip).
 * Until then the trigger renders alone; the first interaction loads the component and opens it.
 */
import type { DropdownProps } from 'antd/es/dropdown/dropdown';
import { cloneElement, lazy, type MouseEvent, type ReactElement, Suspense, useState } from 'react';

// The component itself: the package entry also attaches Dropdown.Button, dragging Button in.
const loadDropdown = () => import('antd/es/dropdown/dropdown');
const Dropdown = lazy(loadDropdown);

type TriggerProps = {
  onClick?: (e: MouseEvent) => void;
  onContextMenu?: (e: MouseEvent) => void;
  onMouseEnter?: (e: MouseEvent) => void;
};

export interface LazyDropdownProps {
  trigger: ('click' | 'contextMenu')[];
  menu: NonNullable<DropdownProps['menu']>;
  children: ReactElement<TriggerProps>;
}

export function LazyDropdown({ trigger, menu, children }: LazyDropdownProps) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) {
    const arm = (event: 'click' | 'contextMenu', original?: (e: MouseEvent) => void) => (e: MouseEvent) => {
      original?.(e);
      if (!trigger.includes(event)) return;
      if (event === 'contextMenu') e.preventDefault();
      setOpen(true);
    };
    return cloneElement(children, {
      onClick: arm('click', children.props.onClick),
      onContextMenu: arm('contextMenu', children.props.onContextMenu),
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
