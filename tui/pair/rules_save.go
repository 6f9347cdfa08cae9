package pair
