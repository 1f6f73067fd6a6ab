/**
 * Product (shop inventory) tools: catalogue, low-stock report, stock moves.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import { idField, matchesText, round2 } from "./shared.js";

const CATEGORIES = ["supplement", "apparel", "accessory", "beverage"] as const;

/** Builds the 3 product tools over `store`. */
export function createProductTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ category, search }) => {
        const products = data.products
          .filter((p) => (category === undefined || p.category === category) && matchesText(`${p.name} ${p.sku}`, search))
          .map((p) => ({ ...p, lowStock: p.stock <= p.reorderLevel }));
        return {
          currency: data.gym.baseCurrency,
          total: products.length,
          stockValue: round2(products.reduce((t, p) => t + p.price * p.stock, 0)),
          products,
        };
      },
      {
        name: "get_products",
        schema: z.object({
          category: z.enum(CATEGORIES).optional().describe("Filter by product category"),
          search: z.string().optional().describe("Text matched against product name and SKU"),
        }),
      },
    ),
    tool(
      () => {
        const low = data.products
          .filter((p) => p.stock <= p.reorderLevel)
          .sort((a, b) => a.stock - b.stock)
          .map((p) => ({
            id: p.id,
            name: p.name,
            sku: p.sku,
            stock: p.stock,
            reorderLevel: p.reorderLevel,
            outOfStock: p.stock === 0,
            suggestedOrder: p.reorderLevel * 2 - p.stock,
          }));
        return { total: low.length, outOfStock: low.filter((p) => p.outOfStock).length, products: low };
      },
      { name: "get_low_stock_products", schema: z.object({}) },
    ),
    tool(
      ({ productId, quantityChange, reason }) => {
        const product = store.find(data.products, productId, "product");
        const next = product.stock + quantityChange;
        if (next < 0) throw new Error(`Cannot remove ${-quantityChange} of "${product.name}": only ${product.stock} in stock`);
        const previous = product.stock;
        product.stock = next;
        return { productId, name: product.name, previous, stock: next, reason, lowStock: next <= product.reorderLevel };
      },
      {
        name: "update_product_stock",
        schema: z.object({
          productId: idField("product"),
          quantityChange: z
            .number()
            .int()
            .refine((n) => n !== 0, "quantityChange cannot be 0")
            .describe("Units to add (positive, e.g. a delivery) or remove (negative, e.g. a sale or damage)"),
          reason: z.string().min(2).describe("Why the stock changed, e.g. 'supplier delivery' or 'counter sale'"),
        }),
      },
    ),
  ];
}
