// A list's search box: the words typed are searched when submitted (not on each key), trimmed.
import { useId, useState, type FormEvent } from 'react';

export function SearchForm({
  label,
  button,
  onSearch,
}: {
  /** The field's name, also its placeholder. */
  label: string;
  button: string;
  onSearch: (keyword: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="toolbar" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="search-input"
        placeholder={label}
        maxLength={64}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="button button-primary button-small">
        {button}
      </button>
    </form>
  );
}
