// The search panel's parameter fields, built from the engine's schema: one field per
// parameter of any search and per run setting (a select for a choice, a text field for an
// optional number, a number field otherwise), with the schema's title, help and range. Only
// the fields the chosen searches read are shown. A field the engine or a share link says is
// wrong is marked (aria-invalid, with the message as its title) until it is changed.

import { formatParam, readParam } from '../lib/catalogue.js';

/** Marks `input` as wrong with `message` (as its tooltip) until it is changed. */
export function markInput(input, message) {
  input.setAttribute('aria-invalid', 'true');
  input.title = message;
  const unmark = () => {
    input.removeAttribute('aria-invalid');
    input.title = '';
    input.removeEventListener('input', unmark);
    input.removeEventListener('change', unmark);
  };
  input.addEventListener('input', unmark);
  input.addEventListener('change', unmark);
}

/** Reads one setting's `text` with `read`; an Error names it (`name`) and carries `field`, its state key. */
export function setting(field, name, read, text) {
  try {
    return read(text);
  } catch (error) {
    throw Object.assign(new Error(`${name}: ${error.message}`), { field });
  }
}

export class ParamsView {
  /**
   * `root`: the fieldset to fill; `onChange(key)` is called when a field changes; `prefix`
   * starts each field's id (a second set of fields, such as the stages view's, has its own).
   */
  constructor(root, catalogue, { onChange = () => {}, prefix = 'param-' } = {}) {
    this.root = root;
    this.catalogue = catalogue;
    this.fields = new Map();
    const legend = document.createElement('legend');
    legend.textContent = 'Parameters';
    root.replaceChildren(legend);
    for (const spec of catalogue.params) {
      const label = document.createElement('label');
      label.dataset.param = spec.key;
      label.title = spec.help;
      label.append(spec.title, ' ');
      let input;
      if (spec.kind.type === 'choice') {
        input = document.createElement('select');
        for (const word of spec.kind.options) {
          const option = document.createElement('option');
          option.value = word;
          option.textContent = word;
          input.append(option);
        }
      } else {
        input = document.createElement('input');
        // Optional values may be `off`; byte counts carry a unit (`512M`).
        const text = spec.optional || spec.kind.type === 'bytes';
        input.type = text ? 'text' : 'number';
        if (text) {
          input.inputMode = spec.optional ? 'decimal' : 'text';
          if (spec.optional) input.placeholder = 'off';
          input.size = 8;
        } else {
          input.step = spec.kind.type === 'integer' ? '1' : 'any';
          if (spec.min !== null) input.min = String(spec.min);
          if (spec.max !== null) input.max = String(spec.max);
        }
      }
      input.id = `${prefix}${spec.key}`;
      input.name = spec.key;
      input.setAttribute('aria-label', spec.title);
      input.addEventListener('input', () => this.unmark(spec.key));
      input.addEventListener('change', () => {
        this.unmark(spec.key);
        onChange(spec.key);
      });
      label.append(input);
      root.append(label);
      this.fields.set(spec.key, { spec, label, input });
    }
  }

  /** Shows the values of an options object ({key: value}). */
  set(options) {
    for (const [key, { spec, input }] of this.fields) {
      if (key in options) input.value = formatParam(spec, spec.kind.type === 'choice' ? spec.kind.options.indexOf(options[key]) : options[key]);
    }
  }

  /**
   * The options object of the fields the searches `ids` read (and the run settings). A field
   * that cannot be read is marked and named in the thrown Error's `field`.
   */
  read(ids) {
    const options = {};
    for (const spec of this.catalogue.paramsFor(ids)) {
      const { input } = this.fields.get(spec.key);
      try {
        options[spec.key] = readParam(spec, input.value);
      } catch (error) {
        const named = Object.assign(new Error(`${spec.key}: ${error.message}`), { field: spec.key });
        this.mark(spec.key, named.message);
        throw named;
      }
    }
    return options;
  }

  /** Every field's value that can be read ({key: value}); unreadable fields are left out. */
  values() {
    const options = {};
    for (const [key, { spec, input }] of this.fields) {
      try {
        options[key] = readParam(spec, input.value);
      } catch {
        // Left out: a link then carries the default.
      }
    }
    return options;
  }

  /** Shows only the fields the searches `ids` read (and the run settings). */
  show(ids) {
    const shown = new Set(this.catalogue.paramsFor(ids).map((p) => p.key));
    for (const [key, { label }] of this.fields) label.hidden = !shown.has(key);
  }

  /** Marks field `key` as wrong with `message`; false if there is no such field. */
  mark(key, message) {
    const field = this.fields.get(key);
    if (!field) return false;
    markInput(field.input, message);
    field.label.classList.add('invalid');
    return true;
  }

  unmark(key) {
    const field = this.fields.get(key);
    if (!field) return;
    field.input.removeAttribute('aria-invalid');
    field.input.title = '';
    field.label.classList.remove('invalid');
  }
}
