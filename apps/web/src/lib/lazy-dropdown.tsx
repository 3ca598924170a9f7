/**
 * antd's Dropdown, loaded on the first click (or right-click) instead of with the shell. Every
 * dropdown of the frame (user menu, language, size, tab context menu) opens only on interaction, so
 * its code need not be in the first download (performance.md: login + shell ≤ 200 KB gzip).
 * Until then the trigger renders alone; the first interaction loads the component and opens it.
 */
import type { DropdownProps } from 'antd/es/dropdown/dropdown';
import { cloneElement, lazy, type MouseEvent, type ReactElement, Suspense, useEffect, useState } from 'react';

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

/**
 * A context menu opens at the pointer, which only the event knows: once the component has loaded,
 * the first right-click is replayed at the same point so antd places the menu there.
 */
function ReplayContextMenu({ x, y }: { x: number; y: number }) {
  useEffect(() => {
    document
      .elementFromPoint(x, y)
      ?.dispatchEvent(
        new window.MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: x, clientY: y }),
      );
  }, [x, y]);
  return null;
}

export function LazyDropdown({ trigger, menu, children }: LazyDropdownProps) {
  const [armed, setArmed] = useState<{ x: number; y: number } | null>(null);
  const [open, setOpen] = useState(false);
  const contextMenu = trigger.includes('contextMenu');

  if (!armed) {
    const arm = (event: 'click' | 'contextMenu', original?: (e: MouseEvent) => void) => (e: MouseEvent) => {
      original?.(e);
      if (!trigger.includes(event)) return;
      if (event === 'contextMenu') e.preventDefault();
      setArmed({ x: e.clientX, y: e.clientY });
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
  if (contextMenu) {
    // Left to antd (uncontrolled): it aligns each opening to the pointer and closes on a choice.
    return (
      <Suspense fallback={children}>
        <Dropdown trigger={trigger} menu={menu}>
          {children}
        </Dropdown>
        <ReplayContextMenu x={armed.x} y={armed.y} />
      </Suspense>
    );
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
