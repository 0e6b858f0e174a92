"""TrainingEnergyScenario (the catalog's 4.12, as docs/scenarios.md prints it), by hand with exact fractions: mlsysim's
SustainabilityModel, power = TDP (0.30 + 0.70 MFU) per accelerator, times N, times PUE, over
the run; carbon at the grid's intensity, cost at the electricity price."""
from fractions import Fraction as Q

from common import q, value, FLEETS, rand_int, rand_number, rand_quantity

TYPE = "TrainingEnergyScenario"
FILE = "training_energy.json"
TOLERANCE = 1e-12

# the catalog's worked values (canonical units: W, J, kg, USD)
CATALOG = {
    "Gpt3ClassRunUsAverage": {"device_power_draw": 260, "it_power": 266240, "facility_power": 298188.8,
                              "it_energy": 575078400000, "facility_energy": 644087808000,
                              "operational_carbon": 76753.79712, "electricity_cost": 21469.5936},
    "Gpt3ClassRunQuebec": {"device_power_draw": 260, "it_power": 266240, "facility_power": 282214.4,
                           "it_energy": 575078400000, "facility_energy": 609583104000,
                           "operational_carbon": 3386.5728, "electricity_cost": 20319.4368},
}


def accelerators(fleet):
    if isinstance(fleet, str):
        count, per_node = FLEETS[fleet]
    else:
        count, per_node = fleet["count"], fleet["node"]["accelerators_per_node"]
    return count * per_node


def evaluate(i):
    n = accelerators(i["fleet"])
    tdp, duration = q(i["device_tdp"]), q(i["training_duration"])
    mfu = Q(str(i.get("mfu", 1.0)))
    pue = Q(str(i.get("pue", 1.12)))
    intensity = q(i.get("grid_carbon_intensity", "429 g/kWh"))
    price = q(i.get("electricity_price", "0.12 USD/kWh"))
    draw = tdp * (Q(3, 10) + Q(7, 10) * mfu)
    it_power = n * draw
    it_energy = it_power * duration
    facility_energy = it_energy * pue
    return {
        "device_power_draw": value(draw, "W"),
        "it_power": value(it_power, "W"),
        "facility_power": value(it_power * pue, "W"),
        "it_energy": value(it_energy, "J"),
        "facility_energy": value(facility_energy, "J"),
        "operational_carbon": value(facility_energy * intensity, "kg"),
        "electricity_cost": value(facility_energy * price, "USD"),
    }, 0


def case(fleet, tdp, duration, mfu=None, pue=None, intensity=None, price=None):
    i = {"fleet": fleet, "device_tdp": tdp, "training_duration": duration}
    for key, v in (("mfu", mfu), ("pue", pue), ("grid_carbon_intensity", intensity), ("electricity_price", price)):
        if v is not None:
            i[key] = v
    return i


CASES = [
    ("Gpt3ClassRunUsAverage preset", case("Training_1K_A100", "400 W", "25 day", 0.5, 1.12, "429 g/kWh", "0.12 USD/kWh"),
     "Gpt3ClassRunUsAverage"),
    ("Gpt3ClassRunQuebec preset", case("Training_1K_A100", "400 W", "25 day", 0.5, 1.06, "20 g/kWh", "0.12 USD/kWh"),
     "Gpt3ClassRunQuebec"),
    ("every default: MFU 1, US_Avg grid, cloud electricity", case("Training_1K", "700 W", "30 day"), None),
    ("Iowa, on-premises electricity", case("Frontier_8K", "700 W", "90 day", 0.4, 1.12, "680 g/kWh", "0.07 USD/kWh"), None),
    ("Poland, a poor PUE", case("Research_256", "0.7 kW", "2 week", 0.35, 1.58, "820 g/kWh", "0.12 USD/kWh"), None),
    ("France, in kilograms per megawatt-hour", case("Lab_64_H100", "700 W", "72 hour", 0.45, 1.12, "50 kg/MWh", "120 USD/MWh"), None),
    ("idle: MFU 0 draws the 30 % floor", case("Training_512_H100", "700 W", "1 day", 0, 1, "0 g/kWh", "0 USD/kWh"), None),
    ("a zero-length run uses no energy", case("Mega_100K", "1 kW", "0 s", 0.5), None),
    ("an inline fleet", case({"name": "Pod", "count": 3, "node": {"name": "Box", "accelerators_per_node": 4}},
                             "300 W", "36 hour", 0.6, 1.2, "0.3 kg/kWh", "0.09 USD/kWh"), None),
]


def random_inputs(rng):
    fleet = rng.choice(sorted(FLEETS)) if rng.random() < 0.7 else {
        "name": "Pod", "count": rand_int(rng, 1, 20000), "node": {"name": "Box", "accelerators_per_node": rand_int(rng, 1, 16)}}
    return case(fleet, rand_quantity(rng, 50, 2000, ["W", "kW"]), rand_quantity(rng, 3600, 3.2e7, ["hour", "day", "week", "s"]),
                float(rand_number(rng, 0.01, 1)) if rng.random() < 0.7 else None,
                float(rand_number(rng, 1, 2)) if rng.random() < 0.7 else None,
                rand_quantity(rng, 5e-3 / 3.6e6, 1.2 / 3.6e6, ["g/kWh", "kg/MWh", "kg/kWh"]) if rng.random() < 0.7 else None,
                rand_quantity(rng, 0.02 / 3.6e6, 0.4 / 3.6e6, ["USD/kWh", "USD/MWh"]) if rng.random() < 0.7 else None)
