export const monthLabels = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Monthly sales (in dollars), one value per entry of monthLabels. */
export const monthlySeries: readonly number[] = [
  18400, 16250, 21300, 24800, 23150, 27600, 30200, 28900, 26450, 31700, 35800, 42300,
];
