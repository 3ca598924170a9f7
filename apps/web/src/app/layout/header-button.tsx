/**
 * The header's small icon buttons. A plain button rather than antd's Button: Button (with its wave
 * effect and compact-space styles) was the largest single piece of the first download the header
 * needed, for what is an icon and a title.
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export function HeaderButton({
  icon,
  children,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  icon?: ReactNode;
  'data-testid'?: string;
  /** Dropdowns attach their trigger through it (a plain prop in React 19). */
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button type="button" className={className ? `header-btn ${className}` : 'header-btn'} {...rest}>
      {icon}
      {children}
    </button>
  );
}
