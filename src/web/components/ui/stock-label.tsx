/** In stock, only N left, or out of stock. */
export function StockLabel({ stock }: { stock: number }) {
  if (stock <= 0) return <p className="text-sm font-semibold text-red-700">Out of stock</p>;
  if (stock <= 5) return <p className="text-sm font-semibold text-amber-700">Only {stock} left</p>;
  return <p className="text-sm font-semibold text-emerald-700">In stock</p>;
}
