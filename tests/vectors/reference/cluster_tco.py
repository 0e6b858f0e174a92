"""ClusterTcoScenario (the catalog's 4.13, as docs/scenarios.md prints it), by hand with exact fractions: mlsysim's
EconomicsModel over a full amortization period (a year is 365 days): CapEx, electricity
at TDP around the clock, maintenance a fraction of CapEx a year; against renting the same
accelerator-hours."""
from fractions import Fraction as Q

from common import q, value, ERROR, FLEETS, SECOND, rand_int, rand_number, rand_quantity

TYPE = "ClusterTcoScenario"
FILE = "cluster_tco.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units; owned_cost_per_accelerator_hour in USD/s,
# the page's 1.36767 USD/h)
CATALOG = {
    "H100Cluster1KOwnVsCloud": {"accelerators": 1024, "capex": 30720000, "energy": 7.5952816128e+13,
                                "energy_cost": 1476860.3136, "maintenance_cost": 4608000,
                                "total_cost_of_ownership": 36804860.3136,
                                "owned_cost_per_accelerator_hour": 0.000379907052258, "cloud_cost": 107642880,
                                "cloud_to_owned_cost_ratio": 2.92469198586},
    "H100Cluster1KOwnVsSpot": {"accelerators": 1024, "capex": 30720000, "energy": 7.5952816128e+13,
                               "energy_cost": 1476860.3136, "maintenance_cost": 4608000,
                               "total_cost_of_ownership": 36804860.3136,
                               "owned_cost_per_accelerator_hour": 0.000379907052258, "cloud_cost": 18837504,
                               "cloud_to_owned_cost_ratio": 0.511821097526},
}

YEAR = SECOND["year"]  # 365 days


def accelerators(fleet):
    if isinstance(fleet, str):
        count, per_node = FLEETS[fleet]
    else:
        count, per_node = fleet["count"], fleet["node"]["accelerators_per_node"]
    return count * per_node


def evaluate(i):
    n = accelerators(i["fleet"])
    unit_cost, tdp = q(i["unit_cost"]), q(i["device_tdp"])
    pue = Q(str(i.get("pue", 1.12)))
    price = q(i.get("electricity_price", "0.07 USD/kWh"))
    period = q(i.get("amortization_period", "3 year"))
    ratio = Q(str(i.get("annual_maintenance_ratio", 0.05)))
    rate = q(i["cloud_hour_rate"])
    capex = n * unit_cost
    energy = n * tdp * pue * period
    energy_cost = energy * price
    maintenance = capex * ratio * period / YEAR
    tco = capex + energy_cost + maintenance
    cloud = n * period * rate
    return {
        "accelerators": value(n, "count"),
        "capex": value(capex, "USD"),
        "energy": value(energy, "J"),
        "energy_cost": value(energy_cost, "USD"),
        "maintenance_cost": value(maintenance, "USD"),
        "total_cost_of_ownership": value(tco, "USD"),
        "owned_cost_per_accelerator_hour": value(tco / (n * period), "USD/s"),
        "cloud_cost": value(cloud, "USD"),
        "cloud_to_owned_cost_ratio": value(cloud / tco, "") if tco > 0 else ERROR,
    }, 0


def case(fleet, unit_cost, tdp, rate, pue=None, price=None, period=None, ratio=None):
    i = {"fleet": fleet, "unit_cost": unit_cost, "device_tdp": tdp, "cloud_hour_rate": rate}
    for key, v in (("pue", pue), ("electricity_price", price), ("amortization_period", period),
                   ("annual_maintenance_ratio", ratio)):
        if v is not None:
            i[key] = v
    return i


CASES = [
    # the catalog writes the period as "3 year365": 3 years of 365 days, "3 year" here
    ("H100Cluster1KOwnVsCloud preset", case("Training_1K", "30000 USD", "700 W", "4 USD/hour", 1.12, "0.07 USD/kWh",
                                            "3 year", 0.05), "H100Cluster1KOwnVsCloud"),
    ("H100Cluster1KOwnVsSpot preset", case("Training_1K", "30000 USD", "700 W", "0.7 USD/hour", 1.12, "0.07 USD/kWh",
                                           "3 year", 0.05), "H100Cluster1KOwnVsSpot"),
    ("every default: 3 years, PUE 1.12, 0.07 USD/kWh, 5 % maintenance",
     case("Training_1K", "30000 USD", "700 W", "2 USD/hour"), None),
    ("A100s against the reference GPU-hour, over 5 years", case("Training_1K_A100", "15000 USD", "400 W", "2 USD/h",
                                                               1.2, "0.12 USD/kWh", "5 year", 0.08), None),
    ("a period in days: maintenance prorated", case("Lab_64_H100", "30000 USD", "700 W", "4 USD/hour",
                                                    period="90 day"), None),
    ("free hardware that draws no power: no TCO, no ratio", case("Research_256", "0 USD", "0 W", "1 USD/hour"), None),
    ("free hardware, free electricity, free cloud", case("Training_10K", "0 USD", "700 W", "0 USD/hour", 1, "0 USD/kWh",
                                                          "1 year", 0), None),
    ("an inline fleet, the rate in dollars per second",
     case({"name": "Rack", "count": 4, "node": {"name": "Box", "accelerators_per_node": 4}}, "40000 USD", "1 kW",
          "0.001 USD/s", 1.4, "0.2 USD/kWh", "2 year", 0.1), None),
]


def random_inputs(rng):
    fleet = rng.choice(sorted(FLEETS)) if rng.random() < 0.7 else {
        "name": "Pod", "count": rand_int(rng, 1, 20000), "node": {"name": "Box", "accelerators_per_node": rand_int(rng, 1, 16)}}
    return case(fleet, rand_quantity(rng, 1000, 100000, ["USD"]), rand_quantity(rng, 50, 2000, ["W", "kW"]),
                rand_quantity(rng, 0.1 / 3600, 12 / 3600, ["USD/hour", "USD/h", "USD/s"]),
                float(rand_number(rng, 1, 2)) if rng.random() < 0.7 else None,
                rand_quantity(rng, 0.02 / 3.6e6, 0.4 / 3.6e6, ["USD/kWh", "USD/MWh"]) if rng.random() < 0.7 else None,
                rand_quantity(rng, 86400 * 30, 86400 * 365 * 10, ["year", "day", "hour"]) if rng.random() < 0.7 else None,
                float(rand_number(rng, 0.005, 0.3)) if rng.random() < 0.7 else None)
