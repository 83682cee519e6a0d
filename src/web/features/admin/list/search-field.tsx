import { useId } from 'react';

/** admin-app §2 "A search by name": a labelled search box whose text lives in the URL. */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="admin-search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={label}
        autoComplete="off"
        maxLength={200}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
