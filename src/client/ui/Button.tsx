import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  const sizeClass = size === 'icon' ? 'btn-icon' : `btn-${size}`;
  return `btn btn-${variant} ${sizeClass} ${extra}`.trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while a request runs. */
  loading?: boolean;
  /**
   * A request started by this button is running: it is announced as disabled (aria-disabled) and
   * ignores clicks, but stays focusable, so a keyboard user's focus is not dropped to the page.
   */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    busy = false,
    className = '',
    disabled,
    children,
    type = 'button',
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass(variant, size, `${className} ${busy ? 'opacity-60 cursor-progress' : ''}`)}
      disabled={disabled || loading}
      aria-busy={loading || busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
});

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  ...rest
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}

const SPINNER_CLASS = 'inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent';

/** With a label it announces itself (role status); without one it is decoration. */
export function Spinner({ label }: { label?: string }) {
  if (label) return <span role="status" aria-label={label} className={SPINNER_CLASS} />;
  return <span aria-hidden="true" className={SPINNER_CLASS} />;
}
