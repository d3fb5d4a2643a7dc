import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, ProductImage } from './product-image.tsx';

describe('ProductImage', () => {
  afterEach(cleanup);

  it('shows the image while it loads, and the placeholder (never a broken image) once it fails, saying there is no image', () => {
    render(<ProductImage src="/media/gone.webp" alt="Dell P2723QE" />);
    const image = screen.getByRole('img');
    expect(image.getAttribute('src')).toBe('/media/gone.webp');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Dell P2723QE: no image' }).getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it('shows the placeholder for a product without an image, and keeps a decorative image decorative', () => {
    render(<ProductImage src={undefined} alt="" />);
    const image = document.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    expect(image.getAttribute('alt')).toBe('');
    expect(PLACEHOLDER_IMAGE.startsWith('data:image/svg+xml,')).toBe(true);
  });
});
