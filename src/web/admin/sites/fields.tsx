import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { fieldError } from '../components/form-errors';

/**
 * Form fields of the console's settings forms (sites, catalogue, discount codes): label, control and the server's
 * translated message for that field (the form keeps what was typed; only the message appears).
 */
interface Base {
  id: string;
  label: string;
  error: unknown;
  /** the field's name in the server's answer (`fields`) */
  field: string;
  help?: ReactNode;
  className?: string;
}

function Feedback({ error, field }: { error: unknown; field: string }) {
  const message = fieldError(error, field);
  return message ? (
    <Form.Control.Feedback type="invalid" className="d-block" data-testid={`field-error-${field}`}>
      {message}
    </Form.Control.Feedback>
  ) : null;
}

export function TextField({
  value,
  onChange,
  type = 'text',
  as,
  ...base
}: Base & {
  value: string;
  onChange: (v: string) => void;
  type?: string;
  as?: 'textarea';
}) {
  return (
    <Form.Group controlId={base.id} className={base.className ?? 'col-12 col-md-6'}>
      <Form.Label className="small mb-1">{base.label}</Form.Label>
      <Form.Control
        type={type}
        as={as}
        rows={as ? 3 : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={!!fieldError(base.error, base.field)}
        data-testid={base.id}
      />
      {base.help && <Form.Text className="d-block">{base.help}</Form.Text>}
      <Feedback error={base.error} field={base.field} />
    </Form.Group>
  );
}

/** A whole number; an emptied field is sent as null so the server names the field. */
export function NumberField({
  value,
  onChange,
  step,
  ...base
}: Base & { value: number | null; onChange: (v: number | null) => void; step?: string }) {
  return (
    <Form.Group controlId={base.id} className={base.className ?? 'col-6 col-md-3'}>
      <Form.Label className="small mb-1">{base.label}</Form.Label>
      <Form.Control
        type="number"
        inputMode="numeric"
        step={step ?? '1'}
        value={value === null || Number.isNaN(value) ? '' : value}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        isInvalid={!!fieldError(base.error, base.field)}
        data-testid={base.id}
      />
      {base.help && <Form.Text className="d-block">{base.help}</Form.Text>}
      <Feedback error={base.error} field={base.field} />
    </Form.Group>
  );
}

export function SelectField<T extends string>({
  value,
  onChange,
  options,
  ...base
}: Base & { value: T; onChange: (v: T) => void; options: readonly { value: T; label: string }[] }) {
  return (
    <Form.Group controlId={base.id} className={base.className ?? 'col-12 col-md-4'}>
      <Form.Label className="small mb-1">{base.label}</Form.Label>
      <Form.Select
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        isInvalid={!!fieldError(base.error, base.field)}
        data-testid={base.id}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      {base.help && <Form.Text className="d-block">{base.help}</Form.Text>}
      <Feedback error={base.error} field={base.field} />
    </Form.Group>
  );
}

export function SwitchField({
  value,
  onChange,
  ...base
}: Base & { value: boolean; onChange: (v: boolean) => void }) {
  return (
    <Form.Group className={base.className ?? 'col-12 col-md-6'}>
      <Form.Check
        type="switch"
        id={base.id}
        label={base.label}
        checked={value}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={base.id}
      />
      {base.help && <Form.Text className="d-block">{base.help}</Form.Text>}
      <Feedback error={base.error} field={base.field} />
    </Form.Group>
  );
}

/** Several values of a fixed list, as check boxes in a fieldset. */
export function CheckList<T extends string>({
  values,
  onChange,
  options,
  ...base
}: Base & {
  values: readonly T[];
  onChange: (v: T[]) => void;
  options: readonly { value: T; label: string }[];
}) {
  const toggle = (v: T, on: boolean) =>
    onChange(
      on
        ? options.map((o) => o.value).filter((x) => x === v || values.includes(x))
        : values.filter((x) => x !== v),
    );
  return (
    <fieldset className={base.className ?? 'col-12'} data-testid={base.id}>
      <legend className="small mb-1 fs-6">{base.label}</legend>
      <div className="console-checklist">
        {options.map((o) => (
          <Form.Check
            key={o.value}
            inline
            type="checkbox"
            id={`${base.id}-${o.value}`}
            label={o.label}
            checked={values.includes(o.value)}
            onChange={(e) => toggle(o.value, e.target.checked)}
          />
        ))}
      </div>
      {base.help && <Form.Text className="d-block">{base.help}</Form.Text>}
      <Feedback error={base.error} field={base.field} />
    </fieldset>
  );
}
