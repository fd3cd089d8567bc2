/** A list filter's choice: 'Alle' (empty value) and one option per label, keyed by value. */
export function FilterSelect({
  id,
  label,
  value,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  labels: Record<string, string>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Alle</option>
        {Object.entries(labels).map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
