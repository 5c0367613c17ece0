import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/**
 * The onChange factory of a form kept as one object of strings: `set('name')` writes that field.
 * `update` receives the whole new form (a state setter, or a parent's onChange).
 */
export function fieldSetter<F extends object>(form: F, update: (next: F) => void) {
  return (k: keyof F) => (e: { target: { value: string } }) => {
    update({ ...form, [k]: e.target.value });
  };
}

/** A labelled control: the label is always real (`for`/`id`), hints are tied with aria-describedby. */
export function Field({ label, hint, ...input }: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export function SelectField({
  label,
  children,
  ...select
}: { label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
    </div>
  );
}

export function TextArea({ label, ...area }: { label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} {...area} />
    </div>
  );
}
