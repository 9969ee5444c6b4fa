workspace "IoT telemetry ingestion" "Event Hubs into Functions and Cosmos DB, with a Blob Storage archive." {
    model {
        system = softwareSystem "IoT telemetry ingestion" {
            n_telemetry = container "telemetry" "telemetry" "Azure Event Hubs" "stream,azure,Pipe"
            n_enrich = container "enrich" "enrich" "Azure Functions" "function,azure"
            n_readings = container "readings" "readings" "Azure Cosmos DB for NoSQL" "nosql-database,azure,Datastore"
            n_archive = container "archive" "archive" "Azure Blob Storage" "object-storage,azure,Datastore"
            n_device_keys = container "device-keys" "device-keys" "Azure Key Vault" "secrets,azure"
            n_monitor = container "monitor" "monitor" "Azure Monitor" "observability,azure"
        }
        n_telemetry -> n_enrich "readings" "" "event"
        n_enrich -> n_readings "" "" "data"
        n_enrich -> n_archive "" "" "data"
        n_enrich -> n_device_keys "" "" "request"
        n_enrich -> n_monitor "" "" "request"
        deploymentEnvironment "Design" {
            deploymentNode "Outside any boundary" {
                containerInstance n_telemetry
                containerInstance n_enrich
                containerInstance n_readings
                containerInstance n_archive
                containerInstance n_device_keys
                containerInstance n_monitor
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
