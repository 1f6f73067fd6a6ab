/**
 * Offer (promo code) tools: listing, details, creation, validation and
 * deactivation. Also exports the code check used when renewing memberships.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Offer, Plan } from "../store/types.js";
import { dateField, idField, round2 } from "./shared.js";

/** Outcome of checking an offer code against a plan. */
export type OfferCheck = { valid: true; offer: Offer; discount: number; finalPrice: number | null } | { valid: false; reason: string };

/** Checks whether `code` can be used today, optionally for `plan`. */
export function checkOffer(store: GymStore, code: string, plan?: Plan): OfferCheck {
  const offer = store.data.offers.find((o) => o.code === code.trim().toUpperCase());
  if (!offer) return { valid: false, reason: `No offer with code "${code}"` };
  if (!offer.active) return { valid: false, reason: `Offer ${offer.code} is deactivated` };
  if (store.today < offer.validFrom) return { valid: false, reason: `Offer ${offer.code} starts on ${offer.validFrom}` };
  if (store.today > offer.validTo) return { valid: false, reason: `Offer ${offer.code} expired on ${offer.validTo}` };
  if (offer.usedCount >= offer.maxUses) return { valid: false, reason: `Offer ${offer.code} has reached its ${offer.maxUses} uses` };
  if (plan && offer.planIds.length > 0 && !offer.planIds.includes(plan.id)) {
    return { valid: false, reason: `Offer ${offer.code} does not apply to plan "${plan.name}"` };
  }
  if (!plan) return { valid: true, offer, discount: offer.discountValue, finalPrice: null };
  const discount =
    offer.discountType === "percent" ? round2((plan.price * offer.discountValue) / 100) : Math.min(offer.discountValue, plan.price);
  return { valid: true, offer, discount, finalPrice: round2(plan.price - discount) };
}

/** Builds the 5 offer tools over `store`. */
export function createOfferTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const isLive = (o: Offer) => o.active && o.validFrom <= store.today && o.validTo >= store.today && o.usedCount < o.maxUses;
  return [
    tool(
      ({ activeOnly }) => {
        const offers = data.offers.filter((o) => !activeOnly || isLive(o));
        return { total: offers.length, offers: offers.map((o) => ({ ...o, live: isLive(o), remainingUses: o.maxUses - o.usedCount })) };
      },
      {
        name: "get_offers_list",
        schema: z.object({ activeOnly: z.boolean().optional().describe("Only offers usable today (default false)") }),
      },
    ),
    tool(
      ({ offerId }) => {
        const offer = store.find(data.offers, offerId, "offer");
        return {
          ...offer,
          live: isLive(offer),
          appliesTo: offer.planIds.length === 0 ? "all plans" : offer.planIds.map((id) => store.plan(id).name),
          redemptionRate: offer.maxUses === 0 ? 0 : round2((offer.usedCount / offer.maxUses) * 100),
        };
      },
      { name: "get_offer_details", schema: z.object({ offerId: idField("offer") }) },
    ),
    tool(
      ({ code, title, discountType, discountValue, planIds, validFrom, validTo, maxUses }) => {
        const normalized = code.toUpperCase();
        if (data.offers.some((o) => o.code === normalized)) throw new Error(`Offer code "${normalized}" already exists`);
        if (validTo < validFrom) throw new Error(`validTo ${validTo} is before validFrom ${validFrom}`);
        if (discountType === "percent" && discountValue > 100)
          throw new Error(`A percent discount cannot exceed 100 (got ${discountValue})`);
        (planIds ?? []).forEach((id) => store.plan(id));
        const offer: Offer = {
          id: store.nextId(data.offers),
          code: normalized,
          title,
          discountType,
          discountValue,
          planIds: planIds ?? [],
          validFrom,
          validTo,
          maxUses,
          usedCount: 0,
          active: true,
        };
        data.offers.push(offer);
        return { created: offer };
      },
      {
        name: "create_offer",
        schema: z.object({
          code: z
            .string()
            .regex(/^[A-Za-z0-9]{3,20}$/, "3-20 letters or digits")
            .describe("Promo code members will type, e.g. SPRING20"),
          title: z.string().min(3).describe("Short marketing title"),
          discountType: z.enum(["percent", "flat"]).describe("Percentage off or a flat amount off"),
          discountValue: z.number().positive().describe("Percent (1-100) or amount in the base currency"),
          planIds: z.array(z.number().int().positive()).optional().describe("Plans the code applies to; omit for all plans"),
          validFrom: dateField("First day the code works"),
          validTo: dateField("Last day the code works"),
          maxUses: z.number().int().positive().describe("Maximum number of redemptions"),
        }),
      },
    ),
    tool(
      ({ code, planId }) => {
        const result = checkOffer(store, code, planId === undefined ? undefined : store.plan(planId));
        if (!result.valid) return result;
        return {
          valid: true,
          code: result.offer.code,
          title: result.offer.title,
          discount: result.discount,
          finalPrice: result.finalPrice,
          validTo: result.offer.validTo,
        };
      },
      {
        name: "validate_offer_code",
        schema: z.object({
          code: z.string().min(1).describe("Promo code to check, e.g. NEWYEAR10"),
          planId: idField("plan the code would be applied to").optional(),
        }),
      },
    ),
    tool(
      ({ offerId }) => {
        const offer = store.find(data.offers, offerId, "offer");
        if (!offer.active) throw new Error(`Offer ${offer.code} (id ${offerId}) is already deactivated`);
        offer.active = false;
        return { deactivated: { id: offer.id, code: offer.code } };
      },
      { name: "deactivate_offer", schema: z.object({ offerId: idField("offer to deactivate") }) },
    ),
  ];
}
