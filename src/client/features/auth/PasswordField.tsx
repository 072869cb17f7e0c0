// A password input with a show/hide toggle whose accessible name says what it will do.
import { useState } from 'react';
import { Field, type FieldProps } from '../../ui/Field';
import { AUTH_COPY } from './copy';
import { EyeIcon, EyeOffIcon } from './icons';

export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="btn btn-ghost btn-icon h-8 w-8"
          aria-label={visible ? AUTH_COPY.hidePassword : AUTH_COPY.showPassword}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
