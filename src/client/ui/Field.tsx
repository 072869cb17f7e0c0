// A labelled text input (and its multi-line twin), with an optional hint under it: the label,
// the id that ties them and the hint's aria-describedby are written once here.
import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  /** Rendered inside the input's box on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, hint, trailing, id, className = '', ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="label mb-1.5">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-describedby={hintId}
          className={`input ${trailing ? 'pr-12' : ''}`}
          {...rest}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs muted">
          {hint}
        </p>
      )}
    </div>
  );
});

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  /** Classes for the text area itself (its height); `className` styles the wrapper, as in Field. */
  inputClassName?: string;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, id, className = '', inputClassName = 'min-h-20', ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="label mb-1.5">
        {label}
      </label>
      <textarea ref={ref} id={inputId} className={`input h-auto py-2 ${inputClassName}`} {...rest} />
    </div>
  );
});
