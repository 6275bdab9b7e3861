/**
 * A record's images in the order shown, and the one shown first (the feature image). Every
 * change here keeps the feature image one of the images (or empty once there are none).
 */
export interface ImageList {
  images: string[];
  featureImage: string;
}

/** Appends newly stored images; the first image of an empty list becomes the feature image. */
export function addImages({ images, featureImage }: ImageList, urls: readonly string[]): ImageList {
  const added = urls.filter((url) => !images.includes(url));
  const all = [...images, ...added];
  return { images: all, featureImage: all.includes(featureImage) ? featureImage : (all[0] ?? '') };
}

/** Moves the image at `from` to position `to` (clamped to the list); the feature image stays the same. */
export function moveImage({ images, featureImage }: ImageList, from: number, to: number): ImageList {
  const target = Math.min(Math.max(to, 0), images.length - 1);
  const moved = images[from];
  if (moved === undefined || target === from) return { images, featureImage };
  const rest = images.filter((_, index) => index !== from);
  return { images: [...rest.slice(0, target), moved, ...rest.slice(target)], featureImage };
}

/** Removes the image at `index`; removing the feature image makes the first remaining one the feature. */
export function removeImage({ images, featureImage }: ImageList, index: number): ImageList {
  const rest = images.filter((_, position) => position !== index);
  return { images: rest, featureImage: rest.includes(featureImage) ? featureImage : (rest[0] ?? '') };
}

/** Makes the image at `index` the feature image. */
export function chooseFeatureImage({ images, featureImage }: ImageList, index: number): ImageList {
  return { images, featureImage: images[index] ?? featureImage };
}
