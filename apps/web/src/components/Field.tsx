import { useId, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

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
  hint,
  children,
  ...select
}: { label: string; hint?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...select}>
        {children}
      </select>
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
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

/**
 * A file input in the page's language: the browser's own button says "Choose File / No file chosen" in the
 * browser's language whatever the page's. The real input stays (visually hidden, focusable, labelled by its label
 * alone); the drawn button and the chosen name beside it are hidden from screen readers and open the same picker.
 */
export function FileField({
  label,
  hint,
  choose,
  fileName,
  noFile,
  ...input
}: { label: string; hint?: string; choose: string; fileName: string | null; noFile: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className="field file-field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} type="file" className="visually-hidden" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      <span className="file-choose" aria-hidden="true" onClick={() => ref.current?.click()}>
        <span className="button">{choose}</span> <span className="muted">{fileName ?? noFile}</span>
      </span>
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}
