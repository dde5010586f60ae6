import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { SignInKey } from '../../i18n/signInKey';
import type { FieldCheck } from './credentialChecks';

/** The form's fields by name, all text. */
type Values<V> = { [Name in keyof V]: string };

export interface CheckedFormOptions<V extends Values<V>> {
  initialValues: V;
  checks: { [Name in keyof V]: FieldCheck<V> };
  /** The fields on screen, in order; only they are checked on submit. All by default. */
  shown?: readonly (keyof V & string)[];
  /** Fields checked again when another one changes, once checked before (confirm password). */
  dependants?: Partial<Record<keyof V, readonly (keyof V & string)[]>>;
  /** Called with the values when every shown field passes its checks. */
  onSubmit: (values: V) => void;
  /** A submit is under way: Enter and the button do nothing until it ends. */
  busy?: boolean;
}

/** What an input needs: value, change handler and the ARIA state of its error. */
export interface CheckedInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  ref: (element: HTMLInputElement | null) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface CheckedField {
  input: CheckedInputProps;
  /** The id the error message must carry (the input's aria-describedby). */
  errorId: string;
  error: SignInKey | undefined;
}

interface FormState<V extends Values<V>> {
  values: V;
  /** A field is in here once checked; its value is the broken rule's message, if any. */
  errors: Partial<Record<keyof V, SignInKey | undefined>>;
}

/**
 * A small form without antd, behaving as antd's Form does on the sign-in screen: a field is
 * checked on every change, all shown fields on submit (Enter or the button), dependants again
 * when what they depend on changes. On a failed submit the first invalid field gets the focus.
 */
export function useCheckedForm<V extends Values<V>>(options: CheckedFormOptions<V>) {
  const { checks, onSubmit } = options;
  const [state, setState] = useState<FormState<V>>({ values: options.initialValues, errors: {} });
  const inputs = useRef(new Map<keyof V, HTMLInputElement>());
  const idPrefix = useId();
  const shown = options.shown ?? (Object.keys(options.initialValues) as (keyof V & string)[]);

  const change = (name: keyof V & string, value: string) => {
    setState((current) => {
      const values: V = { ...current.values, [name]: value };
      const errors: FormState<V>['errors'] = { ...current.errors };
      const dependants = options.dependants?.[name] ?? [];
      const rechecked = [name, ...dependants.filter((field) => field in errors)];
      for (const field of rechecked) errors[field] = checks[field](values[field], values);
      return { values, errors };
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (options.busy) return;
    const errors = { ...state.errors };
    for (const name of shown) errors[name] = checks[name](state.values[name], state.values);
    setState({ values: state.values, errors });
    const firstInvalid = shown.find((name) => errors[name]);
    if (firstInvalid) inputs.current.get(firstInvalid)?.focus();
    else onSubmit(state.values);
  };

  const field = (name: keyof V & string): CheckedField => {
    const id = `${idPrefix}-${name}`;
    const errorId = `${id}-error`;
    const error = state.errors[name];
    return {
      input: {
        id,
        name,
        value: state.values[name],
        onChange: (event) => change(name, event.target.value),
        ref: (element) => {
          if (element) inputs.current.set(name, element);
          else inputs.current.delete(name);
        },
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
      },
      errorId,
      error,
    };
  };

  return { field, submit };
}
