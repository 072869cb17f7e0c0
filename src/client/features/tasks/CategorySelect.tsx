// The category picker shared by the add and edit forms: built-ins, custom ones, and the current value.
import { categoryChoices } from './logic';

export function CategorySelect({
  id,
  value,
  onChange,
  customCategories,
}: {
  id: string;
  value: string;
  onChange: (category: string) => void;
  customCategories: string[];
}) {
  return (
    <>
      <label htmlFor={id} className="label mb-1.5">
        Category
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {categoryChoices(customCategories, value).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </>
  );
}
