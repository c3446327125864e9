print("arrange")
