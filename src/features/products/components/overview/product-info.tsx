import { useState, type ReactNode } from 'react';
import type { Product } from '@schema/product';
import { sizeOptions } from '../../../../../seed/lookups';
import { StarIcons } from '@/components/star-icons';
import { priceDisplay, ratingText, reviewCountText, stockState, type StockTone } from './overview-format';
import { useT } from '@/i18n/i18n';
import { categoryName, colorName } from '../../data/product-lookups';

const stockStyles: Record<StockTone, string> = {
  ok: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
  few: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-100',
  low: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-200',
  out: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

/** Whole class names, so Tailwind finds them. */
const swatchStyles: Record<Product['colors'][number], string> = {
  blue: 'bg-blue-500',
  red: 'bg-red-500',
  orange: 'bg-orange-500',
  green: 'bg-green-500',
  purple: 'bg-purple-500',
  pink: 'bg-pink-500',
};

const titleOf = (options: ReadonlyArray<{ value: string; title: string }>, value: string) => options.find((option) => option.value === value)?.title ?? value;

/** A native radio (keyboard and screen readers as usual) drawn as its label's box. */
function ChoiceRadio({ name, checked, onSelect, children }: { name: string; checked: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm has-checked:border-indigo-600 has-checked:bg-indigo-50 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 dark:border-slate-600 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-500/15">
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="sr-only" />
      {children}
    </label>
  );
}

/** Colour or size: which variant the admin looks at (not stored; the product has them all). */
function VariantChooser<Value extends string>({ legend, name, values, render }: { legend: string; name: string; values: Value[]; render: (value: Value) => ReactNode }) {
  const [chosen, setChosen] = useState(values[0]);
  // An edit elsewhere may have dropped the chosen value.
  const current = chosen !== undefined && values.includes(chosen) ? chosen : values[0];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => (
          <ChoiceRadio key={value} name={name} checked={value === current} onSelect={() => setChosen(value)}>
            {render(value)}
          </ChoiceRadio>
        ))}
      </div>
    </fieldset>
  );
}

/** Title, rating, price, variants, stock, offers, description and features. */
export function ProductInfo({ product }: { product: Product }) {
  const t = useT('products');
  const price = priceDisplay(product.price, product.discount);
  const stock = stockState(product.stock);
  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {categoryName(t, product.category)} · <span translate="no">{product.code}</span>
        </p>
        <h2 translate="no" className="text-2xl font-semibold break-words">
          {product.title}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <StarIcons rating={product.rating} />
          <span>{ratingText(product.rating)}</span>
          <span className="text-slate-600 dark:text-slate-400">{reviewCountText(product.totalReviews)}</span>
        </p>
      </div>

      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-2xl font-semibold">
          {price.original && <span className="sr-only">{t('products.price.now')} </span>}
          {price.current}
        </span>
        {price.original && (
          <>
            <s className="text-slate-500 dark:text-slate-400">
              <span className="sr-only">{t('products.price.was')} </span>
              {price.original}
            </s>
            <span className="rounded-full bg-rose-100 px-2 py-0.5 text-xs font-medium text-rose-800 dark:bg-rose-500/15 dark:text-rose-200">
              {price.discount}
            </span>
          </>
        )}
      </p>

      <p>
        <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${stockStyles[stock.tone]}`}>{stock.label}</span>
      </p>

      {product.colors.length > 0 && (
        <VariantChooser
          legend={t('products.info.colour')}
          name="colour"
          values={product.colors}
          render={(color) => (
            <>
              <span aria-hidden="true" className={`size-4 rounded-full ${swatchStyles[color]}`} />
              {colorName(t, color)}
            </>
          )}
        />
      )}
      {product.sizes.length > 0 && <VariantChooser legend={t('products.info.size')} name="size" values={product.sizes} render={(size) => titleOf(sizeOptions, size)} />}

      {product.offers.length > 0 && (
        <section aria-labelledby="product-offers" className="space-y-2">
          <h3 id="product-offers" className="text-sm font-medium">
            {t('products.info.offers')}
          </h3>
          <ul translate="no" className="list-disc space-y-1 ps-5 text-sm">
            {product.offers.map((offer, index) => (
              <li key={index}>{offer}</li>
            ))}
          </ul>
        </section>
      )}

      {product.description && (
        <section aria-labelledby="product-description" className="space-y-2">
          <h3 id="product-description" className="text-sm font-medium">
            {t('products.info.description')}
          </h3>
          <p translate="no" className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{product.description}</p>
        </section>
      )}

      {product.features.length > 0 && (
        <table className="w-full text-sm">
          <caption className="mb-2 text-start font-medium">{t('products.info.features')}</caption>
          <tbody translate="no" className="divide-y divide-slate-200 dark:divide-slate-700">
            {product.features.map((feature, index) => (
              <tr key={index}>
                <th scope="row" className="w-2/5 py-2 pe-3 text-start font-normal text-slate-600 dark:text-slate-400">
                  {feature.name}
                </th>
                <td className="py-2 break-words">{feature.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
