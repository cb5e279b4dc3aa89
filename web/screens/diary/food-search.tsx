import { useEffect, useId, useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import type { Food } from "../../api/food-types.ts";
import { number } from "../../lib/units.ts";

type Page = { foods: Food[]; totalCount: number };

async function findFoods(term: string): Promise<Food[]> {
  if (!term.trim()) {
    const { recentFoods, topFoods } = await get<{ recentFoods: Food[]; topFoods: Food[] }>(
      "/api/foods?limit=10",
    );
    const seen = new Set<string>();
    return [...recentFoods, ...topFoods].filter((f) => !seen.has(f.id) && seen.add(f.id));
  }
  const query = new URLSearchParams({ searchTerm: term, itemsPerPage: "10", currentPage: "1" });
  return (await get<Page>(`/api/foods/foods-paginated?${query}`)).foods;
}

/**
 * One box to find a food: type, move with the arrow keys, Enter picks (a combobox, so a
 * screen reader hears the highlighted food). Empty, it lists recent and frequent foods.
 */
export function FoodSearch(props: { onPick: (food: Food) => void }) {
  const id = useId();
  const [term, setTerm] = useState("");
  const [foods, setFoods] = useState<Food[]>([]);
  const [active, setActive] = useState(0);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => findFoods(term).then((found) => live && (setFoods(found), setActive(0))),
      150,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term]);

  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") setActive((i) => Math.min(i + 1, foods.length - 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter" && foods[active]) props.onPick(foods[active]!);
    else return;
    event.preventDefault();
  };

  return (
    <div class="food-search">
      <label for={`${id}-input`}>Search foods</label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        // Preact's types ask a combobox input for a datalist; the listbox below serves instead.
        list={undefined}
        aria-expanded={foods.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={foods[active] ? `${id}-${active}` : undefined}
        aria-autocomplete="list"
        autocomplete="off"
        value={term}
        onInput={(e) => setTerm((e.currentTarget as HTMLInputElement).value)}
        onKeyDown={onKey}
      />
      <ul id={`${id}-list`} role="listbox" aria-label="Foods found" class="options">
        {foods.map((food, i) => (
          <li
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            onClick={() => props.onPick(food)}
          >
            <span>
              {food.name}
              {food.brand && <small> · {food.brand}</small>}
            </span>
            <small>
              {number(food.default_variant.calories, 0)} kcal /{" "}
              {number(food.default_variant.serving_size)} {food.default_variant.serving_unit}
            </small>
          </li>
        ))}
      </ul>
      {term && foods.length === 0 && <p class="hint">No food matches “{term}”.</p>}
    </div>
  );
}
