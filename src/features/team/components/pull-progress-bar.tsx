import { pullProgressView } from '@/lib/shop-sync';

/** A first sync's progress (the shop comes in pages), read again as each page is announced. */
export function PullProgressBar({ pulling }: { pulling: { pulled: number; remaining: number } }) {
  const { percent, text } = pullProgressView(pulling);
  return (
    <div className="w-full space-y-1">
      <progress className="h-2 w-full" value={percent} max={100} aria-label="Downloading the shop to this device" />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Downloading the shop to this device: {text} ({percent}%).
      </p>
    </div>
  );
}
