import { useEffect, useId, useState } from "preact/hooks";
import { errorMessage, get } from "../../api/client.ts";
import type { Food, Nutrients } from "../../api/food-types.ts";
import type { ExternalProvider } from "../../api/provider-types.ts";
import { ErrorText } from "../../components/ui.tsx";
import { givenNumber, number } from "../../lib/units.ts";
import { localImage } from "./entry-row.tsx";
import { importFood, useFoodProviders, useProviderResults } from "./provider-search.ts";
import { t } from "../../i18n/i18n.ts";

type Page = { foods: Food[]; totalCount: number };
type Shown = Pick<Food, "name" | "brand" | "images"> & {
  default_variant: Nutrients & { serving_size: number; serving_unit: string };
};
type Option = { food: Shown; pick: () => Promise<Food> | Food };
type Group = { label: string; options: Option[]; note?: string };

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
 * screen reader hears the highlighted food). The library's foods come first, then the
 * server's built-in foods (logging one adds it to the library), then the foods of each food
 * database the person picked below the box, grouped under its name (none is asked unpicked);
 * a provider's food is added to the library when picked. Empty, it lists recent and frequent foods.
 */
export function FoodSearch(props: { onPick: (food: Food) => void }) {
  const id = useId();
  const [term, setTerm] = useState("");
  const [foods, setFoods] = useState<Food[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const providers = useFoodProviders();
  const [picked, setPicked] = useState<ExternalProvider[]>([]);
  const providerGroups = useProviderResults(term, picked);
  const togglePicked = (provider: ExternalProvider) =>
    setPicked((now) =>
      now.includes(provider) ? now.filter((p) => p !== provider) : [...now, provider],
    );
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

  const option = (food: Food): Option => ({ food, pick: () => food });
  const groups: Group[] = [
    { label: t("search.myFoods"), options: foods.filter((f) => !f.is_builtin).map(option) },
    {
      label: t("search.builtinFoods"),
      options: foods.filter((f) => f.is_builtin).map(option),
    },
    ...providerGroups.map((g) => ({
      label: g.provider.provider_name,
      note: g.error,
      options: g.foods.map((food) => ({ food, pick: () => importFood(food) })),
    })),
  ];
  const options = groups.flatMap((g) => g.options);
  const choose = async (option: Option) => {
    setError(null);
    try {
      props.onPick(await option.pick());
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") setActive((i) => Math.min(i + 1, options.length - 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter" && options[active]) choose(options[active]!);
    else return;
    event.preventDefault();
  };

  let index = 0;
  return (
    <div class="food-search">
      <label for={`${id}-input`}>{t("search.label")}</label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        // Preact's types ask a combobox input for a datalist; the listbox below serves instead.
        list={undefined}
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={options[active] ? `${id}-${active}` : undefined}
        aria-autocomplete="list"
        autocomplete="off"
        value={term}
        onInput={(e) => setTerm((e.currentTarget as HTMLInputElement).value)}
        onKeyDown={onKey}
      />
      <div id={`${id}-list`} role="listbox" aria-label={t("search.found")} class="options">
        {groups.map((group, g) =>
          group.options.length === 0 ? null : (
            <div role="group" aria-labelledby={`${id}-g${g}`}>
              <div id={`${id}-g${g}`} role="presentation" class="option-group">
                {group.label}
              </div>
              {group.options.map((option) => {
                const i = index++;
                return (
                  <FoodOption
                    id={`${id}-${i}`}
                    food={option.food}
                    selected={i === active}
                    onClick={() => choose(option)}
                  />
                );
              })}
            </div>
          ),
        )}
      </div>
      {providers.length > 0 && (
        <div class="segmented provider-picks" role="group" aria-labelledby={`${id}-also`}>
          <span id={`${id}-also`}>{t("search.alsoSearch")}</span>
          {providers.map((provider) => (
            <button
              type="button"
              aria-pressed={picked.includes(provider)}
              onClick={() => togglePicked(provider)}
            >
              {provider.provider_name}
            </button>
          ))}
        </div>
      )}
      {groups
        .filter((g) => g.note)
        .map((g) => (
          <p class="hint">
            {g.label}: {g.note}
          </p>
        ))}
      {term && options.length === 0 && <p class="hint">{t("search.noMatch", { term })}</p>}
      <ErrorText error={error} />
    </div>
  );
}

function FoodOption(props: { id: string; food: Shown; selected: boolean; onClick: () => void }) {
  const { food } = props;
  const photo = localImage(food.images);
  return (
    <div id={props.id} role="option" aria-selected={props.selected} onClick={props.onClick}>
      {photo && <img src={photo} alt="" width={32} height={32} />}
      <span class="option-name">
        {food.name}
        {food.brand && <small> · {food.brand}</small>}
      </span>
      <small>
        {givenNumber(food.default_variant.calories, 0)} kcal /{" "}
        {number(food.default_variant.serving_size)} {food.default_variant.serving_unit}
      </small>
    </div>
  );
}
