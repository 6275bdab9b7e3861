import { describe, expect, it } from 'vitest';
import { addImages, chooseFeatureImage, moveImage, removeImage, type ImageList } from '../../../src/components/form/image-list';

const list: ImageList = { images: ['/a.png', '/b.png', '/c.png'], featureImage: '/b.png' };

describe('image list: adding', () => {
  it('appends new images and keeps the feature image', () => {
    expect(addImages(list, ['/d.png'])).toEqual({ images: ['/a.png', '/b.png', '/c.png', '/d.png'], featureImage: '/b.png' });
  });

  it('makes the first image of an empty list the feature image', () => {
    expect(addImages({ images: [], featureImage: '' }, ['/a.png', '/b.png'])).toEqual({ images: ['/a.png', '/b.png'], featureImage: '/a.png' });
  });

  it('does not add an image twice', () => {
    expect(addImages(list, ['/a.png']).images).toEqual(list.images);
  });
});

describe('image list: moving', () => {
  it('moves an image left and right, the feature image staying the same picture', () => {
    expect(moveImage(list, 1, 0)).toEqual({ images: ['/b.png', '/a.png', '/c.png'], featureImage: '/b.png' });
    expect(moveImage(list, 0, 2)).toEqual({ images: ['/b.png', '/c.png', '/a.png'], featureImage: '/b.png' });
  });

  it('clamps a move past either end, and ignores an index outside the list', () => {
    expect(moveImage(list, 0, -1)).toEqual(list);
    expect(moveImage(list, 2, 5)).toEqual(list);
    expect(moveImage(list, 7, 0)).toEqual(list);
  });

  it('does not change the list it was given', () => {
    const images = [...list.images];
    moveImage(list, 0, 2);
    expect(list.images).toEqual(images);
  });
});

describe('image list: removing', () => {
  it('removes an image and keeps the feature image', () => {
    expect(removeImage(list, 0)).toEqual({ images: ['/b.png', '/c.png'], featureImage: '/b.png' });
  });

  it('makes the first remaining image the feature image when the feature image goes', () => {
    expect(removeImage(list, 1)).toEqual({ images: ['/a.png', '/c.png'], featureImage: '/a.png' });
  });

  it('leaves no feature image once the last image goes', () => {
    expect(removeImage({ images: ['/a.png'], featureImage: '/a.png' }, 0)).toEqual({ images: [], featureImage: '' });
  });
});

describe('image list: feature image', () => {
  it('chooses the image at an index', () => {
    expect(chooseFeatureImage(list, 2)).toEqual({ images: list.images, featureImage: '/c.png' });
  });

  it('keeps the feature image for an index outside the list', () => {
    expect(chooseFeatureImage(list, 9)).toEqual(list);
  });
});
